import Foundation

/// What one `curl` run printed and how it ended.
public struct CurlResult: Sendable {
  public let exitCode: Int32
  public let output: String
  public let errors: String
}

/// Runs the real `curl` client once and waits for it, for what only the command shows (its
/// `-w` timings, `--next` on one connection, a slow upload) and for tests of a `serve`
/// process; tests of a server in this process use ``HTTPClient``. `-s -S` keeps stderr for
/// errors only; proxies from the environment are ignored, and no transfer may take over 20 s.
///
/// - Parameter launcher: a command that runs curl (`faketime -f +1y`), or none.
public func curl(_ arguments: [String], launcher: [String] = []) throws -> CurlResult {
  let process = Process()
  let command = ["/usr/bin/curl", "-s", "-S", "--noproxy", "*", "--max-time", "20"] + arguments
  let argv = launcher + command
  process.executableURL = URL(fileURLWithPath: argv[0])
  process.arguments = Array(argv.dropFirst())
  let output = Pipe()
  let errors = Pipe()
  process.standardOutput = output
  process.standardError = errors
  try process.run()
  let printed = output.fileHandleForReading.readDataToEndOfFile()
  let complained = errors.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return CurlResult(
    exitCode: process.terminationStatus, output: String(decoding: printed, as: UTF8.self),
    errors: String(decoding: complained, as: UTF8.self))
}

/// A `curl` left running (an event stream): its output so far, readable while it runs.
public final class RunningCurl: @unchecked Sendable {
  private let process = Process()
  private let lock = NSLock()
  private var received = Data()
  private var outputEnded = false

  public init(_ arguments: [String]) throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    process.arguments = ["-s", "-S", "-N", "--noproxy", "*", "--max-time", "30"] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    // A thread of its own reads until end of file, so the output is complete once curl
    // has exited and the pipe is drained.
    let reader = output.fileHandleForReading
    Thread.detachNewThread { [self] in
      while true {
        let data = reader.availableData
        lock.lock()
        received.append(data)
        if data.isEmpty { outputEnded = true }
        lock.unlock()
        if data.isEmpty { return }
      }
    }
  }

  public var output: String {
    lock.lock()
    defer { lock.unlock() }
    return String(decoding: received, as: UTF8.self)
  }

  /// Waits until the output is exactly `expected`; false after `timeout` seconds.
  public func waitForOutput(_ expected: String, timeout: Double = 5) -> Bool {
    waitUntil(timeout: timeout) { output == expected }
  }

  /// Waits for curl to exit by itself and its output to be read to the end; its status, or
  /// nil after `timeout` seconds.
  public func waitForExit(timeout: Double = 5) -> Int32? {
    let done = waitUntil(timeout: timeout) {
      lock.lock()
      defer { lock.unlock() }
      return outputEnded && !process.isRunning
    }
    return done ? process.terminationStatus : nil
  }

  /// Kills curl (the client goes away without a word) and reaps it. SIGKILL, because the
  /// test runner may hand its children an ignored SIGTERM.
  public func kill() {
    Glibc.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }
}
