import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A process started on a new pseudo-terminal, so it runs as a cook at a keyboard sees it
/// (the `cooktimer` REPL, line editing and all). Shared by the end-to-end tests and the
/// benchmark; what each waits for stays with it.
public final class PseudoTerminal {
  public let process = Process()
  private let master: Int32
  /// Everything the terminal showed so far.
  public private(set) var output = Data()

  /// Starts `executable` on a new 40 × 120 terminal.
  ///
  /// - Throws: ``PseudoTerminalError`` when no terminal can be opened; the process's launch error.
  public init(executable: URL, arguments: [String] = [], environment: [String: String]) throws {
    // posix_openpt, unlockpt and ptsname are not visible from Swift's Glibc module; these
    // are the Linux ioctls behind them (<asm-generic/ioctls.h>: TIOCSPTLCK, TIOCGPTN).
    master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0,
      ioctl(master, 0x8004_5430, &number) == 0
    else { throw PseudoTerminalError() }
    var size = winsize(ws_row: 40, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    let slave = try FileHandle(forUpdating: URL(fileURLWithPath: "/dev/pts/\(number)"))
    process.executableURL = executable
    process.arguments = arguments
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

  /// Everything the terminal showed so far, as text.
  public var screen: String { String(decoding: output, as: UTF8.self) }

  /// Types `text` as keys (`"\r"` is Enter, `"\u{04}"` Ctrl-D).
  public func type(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// Reads what the terminal shows now, without waiting.
  public func drain() {
    var chunk = [UInt8](repeating: 0, count: 4096)
    while case let n = read(master, &chunk, chunk.count), n > 0 {
      output.append(contentsOf: chunk[0..<n])
    }
  }

  /// Waits up to `milliseconds` for more output, then reads it.
  public func drain(waiting milliseconds: Int32) {
    var fd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    _ = poll(&fd, 1, milliseconds)
    drain()
  }

  /// Waits for the process to end, reading its output meanwhile so it never blocks on it.
  /// Returns its exit status, or `nil` after `timeout` seconds.
  public func waitForExit(timeout: Double) -> Int32? {
    let began = Self.monotonicSeconds()
    while process.isRunning, Self.monotonicSeconds() - began < timeout { drain(waiting: 10) }
    drain()
    return process.isRunning ? nil : process.terminationStatus
  }

  /// Seconds on a clock that never goes back (durations only; no instant is read from it).
  public static func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }
}

/// No pseudo-terminal could be opened (none left, or `/dev/ptmx` missing).
public struct PseudoTerminalError: Error, CustomStringConvertible {
  public var description: String { "cannot open a pseudo-terminal" }
}
