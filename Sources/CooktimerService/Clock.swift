import CooktimerCore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Where "now" comes from. The engine never reads a clock; the CLI reads this one, so
/// tests and `--now` can set it.
public protocol Clock: Sendable {
  /// The current instant, whole Unix milliseconds, rounded down.
  func now() -> Instant
  /// The current time in nanoseconds since the Unix epoch: what the REPL waits against, so
  /// an alarm can be timed to the microsecond on the same clock as ``now()``.
  func nanoseconds() -> Int64
}

/// The wall clock, rounded *down* to the millisecond: a millisecond counts once it has fully
/// begun, so a timer never reads as fired (and never rings) before its end date.
///
/// `offsetNanoseconds` shifts it: tests set `COOKTIMER_CLOCK_OFFSET` (seconds, may be
/// negative or fractional) to run every process — REPL and one-shot commands alike — as if it
/// were another day, while time still passes (docs/cli.md §1.4).
public struct SystemClock: Clock {
  /// The environment variable that shifts the clock, in seconds.
  public static let offsetVariable = "COOKTIMER_CLOCK_OFFSET"
  public let offsetNanoseconds: Int64

  public init(offsetNanoseconds: Int64 = 0) { self.offsetNanoseconds = offsetNanoseconds }

  /// The clock `environment` asks for.
  ///
  /// - Throws: ``ServiceError/invalid(_:)`` when `COOKTIMER_CLOCK_OFFSET` is not a number of seconds.
  public init(environment: [String: String]) throws(ServiceError) {
    guard let text = environment[Self.offsetVariable], !text.isEmpty else {
      self.init()
      return
    }
    guard let seconds = Double(text), seconds.isFinite else {
      throw ServiceError.invalid("\(Self.offsetVariable)=\(text) is not a number of seconds")
    }
    // Nanoseconds since 1970 fit an Int64 until 2262: at most 3×10⁹ s (about 95 years) either
    // way, and never before 1970 (`--now` takes 1970 on too).
    let offset = Int64((min(max(seconds, -4e9), 4e9) * 1e9).rounded())
    guard abs(seconds) <= 3e9, WallClock.nanoseconds() + offset >= 0 else {
      throw ServiceError.invalid(
        "\(Self.offsetVariable)=\(text) is out of range: at most 3000000000 seconds either "
          + "way, and not before 1970")
    }
    self.init(offsetNanoseconds: offset)
  }

  public func nanoseconds() -> Int64 { WallClock.nanoseconds() + offsetNanoseconds }
  public func now() -> Instant {
    Instant(unixMilliseconds: nanoseconds().floorDivided(by: 1_000_000).quotient)
  }
}

/// A clock that always reads the same instant (`--now`).
public struct FixedClock: Clock {
  public let instant: Instant
  public init(_ instant: Instant) { self.instant = instant }
  public func now() -> Instant { instant }
  public func nanoseconds() -> Int64 { instant.unixMilliseconds * 1_000_000 }
}

/// The system's real-time clock in nanoseconds since the Unix epoch.
public enum WallClock {
  public static func nanoseconds() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
  }
}
