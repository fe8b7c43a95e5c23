import CooktimerCLI
import CooktimerService

#if canImport(Glibc)
  import Glibc
#endif

/// The REPL's wall clock (`WallClock.nanoseconds()`, what end dates refer to), plus a
/// monotonic one for durations, which clock adjustments cannot disturb.
extension WallClock {
  /// Nanoseconds on a clock that never goes back.
  static func monotonic() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
  }

  /// Seconds elapsed since `start` (a ``monotonic()`` reading).
  static func seconds(since start: Int64) -> Double {
    Double(monotonic() - start) / 1e9
  }
}
