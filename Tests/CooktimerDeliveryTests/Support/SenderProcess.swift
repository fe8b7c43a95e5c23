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

  init(arguments: [String], environment: [String: String], folder: URL) throws {
    stderrFile = folder.appendingPathComponent("send-\(UUID().uuidString).stderr").path
    _ = FileManager.default.createFile(atPath: stderrFile, contents: nil)
    process.executableURL = cooktimerBinary
    process.arguments = ["send"] + arguments
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle(forWritingAtPath: stderrFile)
    try process.run()
  }

  deinit {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  var pid: Int32 { process.processIdentifier }

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
