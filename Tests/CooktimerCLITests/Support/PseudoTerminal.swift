import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The `cooktimer` REPL running on a pseudo-terminal, driven like a person at a keyboard.
final class PseudoTerminal {
  let process = Process()
  private let master: Int32
  private var buffer = Data()

  init(arguments: [String] = [], environment: [String: String]) throws {
    // posix_openpt and friends are hidden from Swift's Glibc module; these are the Linux
    // ioctls they wrap (<asm-generic/ioctls.h>: TIOCSPTLCK, TIOCGPTN).
    master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0,
      ioctl(master, 0x8004_5430, &number) == 0
    else { throw POSIXError(.EIO) }
    let slavePath = "/dev/pts/\(number)"
    var size = winsize(ws_row: 40, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    let slave = try FileHandle(forUpdating: URL(fileURLWithPath: slavePath))
    process.executableURL = cooktimerBinary
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

  func type(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// Everything the terminal showed so far, as text.
  var screen: String { String(decoding: buffer, as: UTF8.self) }

  /// Reads until `text` appears after `offset` (a byte offset into the output) or `timeout`
  /// passes. Returns the instant it appeared, or nil.
  @discardableResult
  func wait(for text: String, after offset: Int = 0, timeout: TimeInterval = 10) -> Date? {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      drain()
      if offset <= buffer.count,
        String(decoding: buffer[offset...], as: UTF8.self).contains(text)
      {
        return Date()
      }
      var fd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      _ = poll(&fd, 1, 5)
    }
    return nil
  }

  /// Waits until the screen ends with the prompt (the REPL is ready for the next line).
  func waitForPrompt(timeout: TimeInterval = 5) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      drain()
      if screen.hasSuffix("cooktimer> ") { return true }
      var fd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      _ = poll(&fd, 1, 5)
    }
    return false
  }

  /// Bytes read so far.
  var offset: Int {
    drain()
    return buffer.count
  }

  private func drain() {
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = read(master, &chunk, chunk.count)
      guard n > 0 else { return }
      buffer.append(contentsOf: chunk[0..<n])
    }
  }

  /// Waits for the process to end (after Ctrl-D); returns its status, or nil on time-out.
  func waitForExit(timeout: TimeInterval = 10) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline {
      drain()
      usleep(10_000)
    }
    drain()
    return process.isRunning ? nil : process.terminationStatus
  }
}
