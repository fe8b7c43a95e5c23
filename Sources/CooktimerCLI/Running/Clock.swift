import CooktimerCore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Where "now" comes from. The engine never reads a clock; the CLI reads this one, so
/// tests and `--now` can set it.
public protocol Clock: Sendable {
  func now() -> Instant
}

/// The wall clock, rounded *down* to the millisecond: a millisecond counts once it has fully
/// begun, so a timer never reads as fired (and never rings) before its end date.
public struct SystemClock: Clock {
  public init() {}
  public func now() -> Instant { Instant(unixMilliseconds: WallClock.nanoseconds() / 1_000_000) }
}

/// A clock that always reads the same instant (`--now`).
public struct FixedClock: Clock {
  public let instant: Instant
  public init(_ instant: Instant) { self.instant = instant }
  public func now() -> Instant { instant }
}

/// The system's real-time clock in nanoseconds since the Unix epoch.
public enum WallClock {
  public static func nanoseconds() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
  }
}
