import Foundation
import Testing

/// The built `cooktimer` binary, next to this test bundle (as in CooktimerCLITests: `swift
/// test` runs `<build>/debug/cooktimerPackageTests.xctest`, and Swift Testing may run a
/// helper binary from the same folder).
let cooktimerBinary: URL = {
  var url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  while !FileManager.default.fileExists(atPath: url.appendingPathComponent("cooktimer").path),
    url.path != "/"
  {
    url.deleteLastPathComponent()
  }
  return url.appendingPathComponent("cooktimer")
}()

/// What one finished run of the binary produced.
struct ProcessResult {
  var stdout: String
  var stderr: String
  var status: Int32

  /// stderr's lines, without the empty one after the last newline.
  var stderrLines: [Substring] { stderr.split(separator: "\n") }
}

/// A failure of the test's own expectations about time: a condition that never came.
struct Timeout: Error, CustomStringConvertible {
  var description: String
}

/// Polls `probe` every 5 ms until it returns a value, for at most `limit`. Tests wait for
/// conditions this way, never for a fixed time.
func eventually<T>(
  _ what: String, within limit: Duration = .seconds(5), _ probe: () throws -> T?
) throws -> T {
  let deadline = ContinuousClock.now + limit
  while true {
    if let value = try probe() { return value }
    guard ContinuousClock.now < deadline else {
      throw Timeout(description: "no \(what) after \(limit)")
    }
    usleep(5_000)
  }
}

/// A random device token: 32 bytes, lowercase hex, as most phones hand out.
func randomToken(bytes: Int = 32) -> String {
  (0..<bytes).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
}

/// Unix seconds of an ISO 8601 instant with milliseconds, as `--json` prints them.
func unixSeconds(_ text: Any?) throws -> Double {
  let formatter = ISO8601DateFormatter()
  formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
  let date = try #require(
    (text as? String).flatMap(formatter.date(from:)), "not ISO 8601: \(text ?? "nil")")
  return date.timeIntervalSince1970
}

/// A JWT's header and claims, decoded (the stand-in has checked its signature).
func jwtParts(_ jwt: String?) throws -> (header: [String: Any], claims: [String: Any]) {
  let parts = try #require(jwt?.split(separator: ".").map(String.init), "no JWT")
  try #require(parts.count == 3, "not a compact JWT: \(jwt ?? "")")
  func object(_ part: String) throws -> [String: Any] {
    var text = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(
      of: "_", with: "/")
    text += String(repeating: "=", count: (4 - text.count % 4) % 4)
    let data = try #require(Data(base64Encoded: text), "not base64url: \(part)")
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }
  return (try object(parts[0]), try object(parts[1]))
}

/// A body as a JSON object, for comparing bodies whatever their key order.
func jsonObject(_ text: String) throws -> NSDictionary {
  try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary)
}
