import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A `cooktimer send` running in the background, its stderr going to a file (a pipe nobody
/// reads could fill and block it). Killed when the value goes away, so a failed test leaves
/// no sender behind.
final class SenderProcess {
  let process = Process()
  let stderrFile: String

  /// Where stdout goes (`serve` prints its address there).
  let stdoutFile: String

  /// - Parameter command: `send`, or `serve` (its sender is the same loop).
  init(
    arguments: [String], environment: [String: String], folder: URL, command: String = "send"
  ) throws {
    stderrFile = folder.appendingPathComponent("send-\(UUID().uuidString).stderr").path
    stdoutFile = folder.appendingPathComponent("send-\(UUID().uuidString).stdout").path
    _ = FileManager.default.createFile(atPath: stderrFile, contents: nil)
    _ = FileManager.default.createFile(atPath: stdoutFile, contents: nil)
    process.executableURL = cooktimerBinary
    process.arguments = [command] + arguments
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle(forWritingAtPath: stdoutFile)
    process.standardError = FileHandle(forWritingAtPath: stderrFile)
    try process.run()
  }

  deinit {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  var pid: Int32 { process.processIdentifier }

  var stdout: String {
    (try? String(contentsOfFile: stdoutFile, encoding: .utf8)) ?? ""
  }

  var stderr: String {
    (try? String(contentsOfFile: stderrFile, encoding: .utf8)) ?? ""
  }

  /// Waits until stderr says the sender is up (its first line, after the settings check).
  func waitUntilSending() throws {
    _ = try eventually("`sending to` line on stderr: \(stderr)") {
      stderr.contains("sending to") ? true : (process.isRunning ? nil : false)
    }
  }

  /// Running or its exit status, and its stderr: for failure messages.
  var summary: String {
    let state = process.isRunning ? "running" : "exited \(process.terminationStatus)"
    return "\(state), stderr: \(stderr.debugDescription)"
  }

  func signal(_ number: Int32) { kill(process.processIdentifier, number) }

  /// The exit status once it has exited (a signal's death: 128 + the signal).
  func exitStatus(within limit: Duration = .seconds(5)) throws -> Int32 {
    _ = try eventually("exit of `cooktimer send`", within: limit) {
      process.isRunning ? nil : true
    }
    process.waitUntilExit()
    let status = process.terminationStatus
    return process.terminationReason == .uncaughtSignal ? 128 + status : status
  }
}
