#if canImport(Glibc)
  import Glibc
#endif

/// Nanosecond clocks: the wall clock that end dates refer to, and a monotonic one for
/// durations (not disturbed by clock adjustments).
enum WallClock {
  /// Nanoseconds since the Unix epoch.
  static func now() -> Int64 { read(CLOCK_REALTIME) }

  /// Nanoseconds on a clock that never goes back.
  static func monotonic() -> Int64 { read(CLOCK_MONOTONIC) }

  /// Seconds elapsed since `start` (a ``monotonic()`` reading).
  static func seconds(since start: Int64) -> Double {
    Double(monotonic() - start) / 1e9
  }

  private static func read(_ clock: clockid_t) -> Int64 {
    var ts = timespec()
    clock_gettime(clock, &ts)
    return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
  }
}
