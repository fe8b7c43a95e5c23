import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Turns SIGINT, SIGTERM and SIGWINCH into bytes on a pipe the poll loop watches: the
/// handler only writes one byte (async-signal-safe); the loop does the work.
enum SignalPipe {
  nonisolated(unsafe) private(set) static var readEnd: Int32 = -1
  nonisolated(unsafe) private static var writeEnd: Int32 = -1

  static func install() {
    guard readEnd < 0 else { return }
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return }
    readEnd = fds[0]
    writeEnd = fds[1]
    _ = fcntl(readEnd, F_SETFL, O_NONBLOCK)
    _ = fcntl(writeEnd, F_SETFL, O_NONBLOCK)
    // A parent may have started us with these blocked; we want them.
    var unblock = sigset_t()
    sigemptyset(&unblock)
    for sig in [SIGINT, SIGTERM, SIGWINCH, SIGHUP] { sigaddset(&unblock, sig) }
    pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    for sig in [SIGINT, SIGTERM, SIGWINCH, SIGHUP] {
      signal(sig) { number in
        var byte = UInt8(truncatingIfNeeded: number)
        _ = write(SignalPipe.writeEnd, &byte, 1)
      }
    }
  }

  /// The signals received since the last call.
  static func drain() -> [Int32] {
    var signals: [Int32] = []
    var byte: UInt8 = 0
    while read(readEnd, &byte, 1) == 1 { signals.append(Int32(byte)) }
    return signals
  }
}
