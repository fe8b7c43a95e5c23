import CooktimerCLI
import CooktimerService
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A process started on a new pseudo-terminal, so it runs its interactive REPL.
final class PseudoTerminal {
  let process = Process()
  private let master: Int32
  /// Everything the terminal showed so far.
  private(set) var screen: [UInt8] = []

  init(_ path: String, environment: [String: String]) throws {
    // posix_openpt, unlockpt and ptsname are not visible from Swift's Glibc module; these
    // are the Linux ioctls behind them (TIOCSPTLCK, TIOCGPTN).
    master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0,
      ioctl(master, 0x8004_5430, &number) == 0
    else { throw BenchError("cannot open a pseudo-terminal") }
    var size = winsize(ws_row: 40, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    let slave = try FileHandle(forUpdating: URL(fileURLWithPath: "/dev/pts/\(number)"))
    process.executableURL = URL(fileURLWithPath: path)
    process.environment = environment.merging(["TERM": "xterm"]) { $1 }
    process.standardInput = slave
    process.standardOutput = slave
    process.standardError = slave
    try process.run()
    try slave.close()
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
  }

  deinit {
    if process.isRunning { process.terminate() }
    close(master)
  }

  func type(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// Reads the terminal's output for `seconds`, so the child never blocks on it.
  func drain(for seconds: Double) {
    let began = WallClock.monotonic()
    var chunk = [UInt8](repeating: 0, count: 4096)
    while WallClock.seconds(since: began) < seconds {
      while case let n = read(master, &chunk, chunk.count), n > 0 { screen += chunk[0..<n] }
      var fd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      _ = poll(&fd, 1, 10)
    }
  }

  /// Waits for the process to end; its exit status, or nil after `timeout` seconds.
  func waitForExit(timeout: Double) -> Int32? {
    let began = WallClock.monotonic()
    while process.isRunning, WallClock.seconds(since: began) < timeout { drain(for: 0.01) }
    return process.isRunning ? nil : process.terminationStatus
  }
}
