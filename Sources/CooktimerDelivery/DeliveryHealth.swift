import CooktimerCore
import Foundation

/// Whether the sender is getting its rounds done, for `serve`'s `/healthz` (docs/api.md
/// §1.2) and the log: set by ``PushSender/run(until:health:)`` when a round fails (a
/// database held by another process past the busy timeout, a disk error) and cleared by the
/// next round that succeeds.
///
/// Thread-safety: one lock; the sender's thread writes, the server's threads read.
public final class DeliveryHealth: @unchecked Sendable {
  /// Since when rounds fail (the first failure of the streak, by the sender's clock) and
  /// the latest one's reason, one line.
  public struct Trouble: Hashable, Sendable {
    public var failingSince: Instant
    public var reason: String
  }

  private let lock = NSLock()
  private var current: Trouble?

  public init() {}

  /// `nil` while rounds succeed.
  public var trouble: Trouble? {
    lock.lock()
    defer { lock.unlock() }
    return current
  }

  /// A round failed at `now`: keeps the streak's first instant, takes the new reason.
  /// - Returns: true when this starts a streak (worth a log line: one per outage, whose
  ///   reason may be worded differently as it goes on).
  @discardableResult
  public func failed(at now: Instant, reason: String) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    let news = current == nil
    current = Trouble(failingSince: current?.failingSince ?? now, reason: reason)
    return news
  }

  /// A round succeeded. - Returns: true when it ends a streak of failures.
  @discardableResult
  public func succeeded() -> Bool {
    lock.lock()
    defer { lock.unlock() }
    defer { current = nil }
    return current != nil
  }
}

/// The waits between failed rounds, in milliseconds: 500, 1000, 2000, 4000, 8000, then
/// 15000 for as long as they fail — the database busy for minutes costs a try every 15 s
/// (each itself waiting up to SQLite's 5 s busy timeout), and the first try after a short
/// lock comes within half a second.
public struct RoundBackoff: Hashable, Sendable {
  public static let first: Int64 = 500
  public static let most: Int64 = 15_000
  private var next = first

  public init() {}

  /// The wait before the next try, and doubles the one after (up to ``most``).
  public mutating func failed() -> Int64 {
    defer { next = min(next * 2, Self.most) }
    return next
  }

  /// A round succeeded: the next failure waits ``first`` again.
  public mutating func succeeded() { next = Self.first }
}
