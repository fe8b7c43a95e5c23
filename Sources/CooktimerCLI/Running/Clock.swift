import CooktimerCore
import Foundation

/// Where "now" comes from. The engine never reads a clock; the CLI reads this one, so
/// tests and `--now` can set it.
public protocol Clock: Sendable {
  func now() -> Instant
}

/// The wall clock (`Date()`), in whole milliseconds.
public struct SystemClock: Clock {
  public init() {}
  public func now() -> Instant { Instant(Date()) }
}

/// A clock that always reads the same instant (`--now`).
public struct FixedClock: Clock {
  public let instant: Instant
  public init(_ instant: Instant) { self.instant = instant }
  public func now() -> Instant { instant }
}
