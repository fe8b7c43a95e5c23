import Foundation

/// Deterministic `apns-id`s for a service under test (`RunService(makeAPNsID:)`):
/// 00000000-0000-4000-8000-000000000001, …2, …, so expected pushes can name theirs.
/// Thread-safe: a sender's threads may queue pushes at once.
public final class APNsIDCounter: @unchecked Sendable {
  private var n = 0
  private let lock = NSLock()

  public init() {}

  /// The next id, counting from 1.
  public func next() -> String {
    lock.lock()
    defer { lock.unlock() }
    n += 1
    return String(format: "00000000-0000-4000-8000-%012d", n)
  }
}
