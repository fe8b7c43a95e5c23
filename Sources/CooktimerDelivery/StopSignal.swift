import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A self-pipe that a signal handler can write to (`write(2)` is async-signal-safe), so the
/// sender's waits end at once on SIGTERM and it stops between requests, never inside one.
public final class StopSignal: @unchecked Sendable {
  /// Write a byte here (from a signal handler) to stop.
  public let writeEnd: Int32
  let readEnd: Int32

  public init() {
    var fds: [Int32] = [0, 0]
    _ = pipe(&fds)
    readEnd = fds[0]
    writeEnd = fds[1]
    _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
  }

  deinit {
    close(readEnd)
    close(writeEnd)
  }

  /// Asks the sender to stop (also callable from any thread).
  public func stop() {
    var byte: UInt8 = 1
    _ = write(writeEnd, &byte, 1)
  }

  /// True once ``stop()`` was called; the byte stays in the pipe, so it stays true.
  public var isStopped: Bool { wait(nanoseconds: 0) }

  /// Waits up to `milliseconds`; returns whether a stop came.
  public func wait(milliseconds: Int64) -> Bool { wait(nanoseconds: milliseconds * 1_000_000) }

  /// Waits up to `nanoseconds` (whole milliseconds by `poll`, the rest slept, so a timer's
  /// push is not late by a rounding); returns whether a stop came.
  @discardableResult
  func wait(nanoseconds: Int64) -> Bool {
    var fd = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
    let ready = poll(&fd, 1, Int32(max(0, nanoseconds / 1_000_000)))
    if ready > 0 { return true }
    let rest = nanoseconds % 1_000_000
    if nanoseconds > 0 && rest > 0 {
      var pause = timespec(tv_sec: 0, tv_nsec: Int(rest))
      nanosleep(&pause, nil)
    }
    return false
  }
}
