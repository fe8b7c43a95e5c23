import CooktimerTestSupport
import Foundation
import Testing

/// A `cooktimer serve` process of a sandbox, on a port the system chose, and curl against it.
final class ServeProcess: @unchecked Sendable {
  let process = Process()
  /// `http://127.0.0.1:PORT` (`https://` with TLS), from the line serve prints at start.
  let base: String
  /// What serve printed first: its first line, and any that came in the same write.
  let firstLine: String
  private let stderr = Pipe()

  init(_ box: Sandbox, arguments: [String] = ["--listen", "127.0.0.1:0"]) throws {
    process.executableURL = cooktimerBinary
    process.arguments = ["serve"] + arguments
    process.environment = box.environment
    let stdout = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    var line = Data()
    let reader = stdout.fileHandleForReading
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = reader.availableData
      if chunk.isEmpty { break }
      line.append(chunk)
    }
    firstLine = String(decoding: line, as: UTF8.self)
    // The first address in the line, as text or as `--json`'s "address".
    let address = firstLine.firstMatch(of: #/https?://[^ "/]+/#).map { String($0.output) }
    base = try #require(address, "serve printed \(firstLine)")
  }

  deinit {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }

  /// Sends `signal` and waits for the exit; the status.
  func stop(_ signal: Int32 = SIGTERM) -> Int32 {
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// `curl -s ARGS URL`: stdout, with `-w` output if asked.
  func curl(_ arguments: [String], _ path: String) throws -> String {
    // A certificate the server made on its clock (the suite a year ahead,
    // COOKTIMER_CLOCK_OFFSET) is verified on the same clock: faketime (.ci/packages ci).
    let launcher =
      Sandbox.clockOffset != 0 && arguments.contains("--cacert")
      ? ["/usr/bin/faketime", "-f", "+\(Int(Sandbox.clockOffset))s"] : []
    return try CooktimerTestSupport.curl(arguments + [base + path], launcher: launcher).output
  }

  /// The status code and body of one request.
  func request(
    _ method: String, _ path: String, json: String? = nil, headers: [String] = []
  ) throws -> (status: Int, body: String) {
    var arguments = ["-X", method, "-w", "\n%{http_code}"]
    if let json { arguments += ["-H", "Content-Type: application/json", "--data-binary", json] }
    for header in headers { arguments += ["-H", header] }
    let text = try curl(arguments, path)
    let split = text.lastIndex(of: "\n")!
    return (Int(text[text.index(after: split)...]) ?? 0, String(text[..<split]))
  }
}

/// The run ids in a text of JSON documents, in order.
func runIDs(in text: String) -> [String] {
  let pattern = try! NSRegularExpression(pattern: #""id":"([0-9a-z]+)""#)
  return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
    String(text[Range($0.range(at: 1), in: text)!])
  }
}
