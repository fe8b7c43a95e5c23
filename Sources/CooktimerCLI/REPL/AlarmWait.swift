import CooktimerCore
import CooktimerService

#if canImport(Glibc)
  import Glibc
#endif

/// How the REPL and `watch` wait: for input on some file descriptors, or until the next
/// alarm's end date — to the microsecond, not to the next tick or millisecond. `poll` takes
/// whole milliseconds, so the sub-millisecond rest is slept with `nanosleep` once no
/// input came. The benchmark measures alarm lateness through this very function.
public enum AlarmWait {
  /// Waits until one of `fds` is readable, `deadline` (Unix ms on `clock`) has begun, or
  /// `maxWait` ms have passed (so the caller can notice other processes' changes).
  ///
  /// - Returns: the `revents` of each descriptor, in order (all 0 on a time-out).
  public static func wait(
    for fds: [Int32], until deadline: Instant?, maxWait: Int64 = 1000,
    clock: any Clock = SystemClock()
  ) -> [Int16] {
    var timeout = maxWait
    var rest: Int64 = 0  // nanoseconds after the whole milliseconds
    if let deadline {
      let left = deadline.unixMilliseconds * 1_000_000 - clock.nanoseconds()
      if left <= 0 {
        timeout = 0
      } else if left < maxWait * 1_000_000 {
        timeout = left / 1_000_000
        rest = left % 1_000_000
      }
    }
    var polls = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let ready = poll(&polls, nfds_t(polls.count), Int32(timeout))
    if ready <= 0 && rest > 0 {
      var pause = timespec(tv_sec: 0, tv_nsec: Int(rest))
      nanosleep(&pause, nil)
    }
    return polls.map(\.revents)
  }
}
