import CooktimerTestSupport
import Foundation
import Testing

/// Issue 26: `--topic` given to `payload`, `send`, `status` or `outbox` was not kept although
/// the warning said "give … once … kept". The one rule (docs/cli.md §1.5): the options are
/// kept by every command that opens the database; the variables by changes only.
@Suite("Kept settings; device names", .ownThread)
struct KeptSettingsTests {
  /// `cooktimer ARGS` without the sandbox's `COOKTIMER_BUNDLE_ID`, plus `extra`.
  func run(_ box: Sandbox, _ arguments: [String], extra: [String: String] = [:]) throws
    -> ProcessResult
  {
    var environment = box.environment
    environment["COOKTIMER_BUNDLE_ID"] = nil
    let process = Process()
    process.executableURL = cooktimerBinary
    process.arguments = arguments
    process.environment = environment.merging(extra) { $1 }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProcessResult(
      stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self), status: process.terminationStatus)
  }

  /// The `apns-topic` of the first pending push, as `outbox --json` shows it with no topic given.
  func outboxTopic(_ box: Sandbox) throws -> String? {
    let result = try run(box, ["outbox", "--json"])
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let first = (object?["pending"] as? [[String: Any]])?.first
    return (first?["headers"] as? [String: String])?["apns-topic"]
  }

  @Test func theTopicOptionIsKeptByEveryCommandThatOpensTheDatabase() throws {
    let box = try Sandbox(copyShippedRecipes: true)
    #expect(try run(box, ["start", "tea"]).status == 0)
    let none = try run(box, ["payload", "update"])
    #expect(
      none.stderr
        == "cooktimer: no APNs topic set: the headers lack apns-topic; give the app's bundle id "
        + "once with --topic BUNDLE_ID to any command and it is kept in the database\n")
    #expect(try outboxTopic(box) == nil)
    let cases: [([String], String)] = [
      (["payload", "update", "--topic", "com.example.payload"], "com.example.payload"),
      (["status", "--topic", "com.example.status"], "com.example.status"),
      (["outbox", "--topic", "com.example.outbox"], "com.example.outbox"),
      (["send", "--once", "--topic", "com.example.send"], "com.example.send"),
    ]
    for (arguments, topic) in cases {
      let result = try run(box, arguments)
      #expect(!result.stderr.contains("no APNs topic set"), "\(arguments): \(result.stderr)")
      #expect(try outboxTopic(box) == topic + ".push-type.liveactivity", "\(arguments)")
    }
    // A variable is this process's: a read does not keep it, a change does.
    _ = try run(box, ["status"], extra: ["COOKTIMER_TOPIC": "com.example.variable"])
    #expect(try outboxTopic(box) == "com.example.send.push-type.liveactivity")
    #expect(try run(box, ["pause"], extra: ["COOKTIMER_TOPIC": "com.example.variable"]).status == 0)
    #expect(try outboxTopic(box) == "com.example.variable.push-type.liveactivity")
  }

  /// Issue 26: a NUL inside a device name was stored cut there; argv cannot hold a NUL, so
  /// here the terminal's escape and a C1 control.
  @Test func aControlCharacterInADeviceNameExits65() throws {
    let box = try Sandbox()
    let token = String(repeating: "ab", count: 32)
    let cases = [
      ("Kitchen\u{1B}[2J", "U+001B at character 8"), ("iPad\u{9B}", "U+009B at character 5"),
    ]
    for (name, place) in cases {
      let refused = try box.run(["token", "add", "push-to-start", token, "--device", name])
      #expect(refused.status == 65)
      #expect(
        refused.stderr
          == "cooktimer: a device name may not contain control characters: \(place)\n")
    }
    // Refused before the database is made: nothing stored, not even an empty file.
    #expect(!FileManager.default.fileExists(atPath: box.db))
  }
}
