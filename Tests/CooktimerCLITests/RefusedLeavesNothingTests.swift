import Foundation
import Testing

/// A command refused for what it was given makes no database (docs/cli.md §1.1): a tester's
/// `send --once` without a signing key left a new database file behind before exiting 78.
/// Each refusal here is checked before the database is made.
@Suite("Refused commands leave nothing behind")
struct RefusedLeavesNothingTests {
  static let token = String(repeating: "ab", count: 32)

  @Test func refusedCommandsMakeNoDatabase() throws {
    let box = try Sandbox(inProcess: true)
    let long = String(repeating: "x", count: 65)
    let cases: [([String], Int32, String)] = [
      (
        ["token", "add", "device", "xyz"], 64,
        "a push token is hexadecimal digits only, not \"xyz\""
      ),
      (["token", "add", "push-to-start", "abcd"], 64, "a push token is 16 to 255 bytes, not 2"),
      (
        ["token", "add", "push-to-start", Self.token, "--device", long], 64,
        "a device name is at most 64 characters, not 65"
      ),
      (
        ["token", "add", "device", Self.token, "--device", "a\u{1B}"], 65,
        "a device name may not contain control characters: U+001B at character 2"
      ),
      // The run must be in the database: with none there is none to add a token to.
      (
        ["token", "add", "activity", "zz1", Self.token], 66,
        "no database at \(box.db) yet; `start RECIPE` makes it (check --db and $COOKTIMER_DB)"
      ),
      (
        ["apikey", "create", "--name", "a b"], 64,
        "an API key name is 1 to 64 characters without spaces or control characters"
      ),
    ]
    for (arguments, status, message) in cases {
      let r = try box.run(arguments)
      #expect(r.status == status, "\(arguments)")
      #expect(r.stderr == "cooktimer: \(message)\n", "\(arguments)")
      #expect(!FileManager.default.fileExists(atPath: box.db), "\(arguments)")
    }
  }

  /// `send` and `serve` run as processes (they write as they go): their settings are
  /// checked before the database is made.
  @Test func sendAndServeRefuseBeforeMakingTheDatabase() throws {
    let box = try Sandbox()
    let send = try box.run(["send", "--once"])
    #expect(send.status == 78)
    #expect(
      send.stderr == "cooktimer: no APNs key: give --apns-key FILE.p8 or set COOKTIMER_APNS_KEY\n")
    let missingKey = box.folder.appendingPathComponent("none.p8").path
    let key = try box.run(
      ["send", "--once", "--apns-key", missingKey, "--apns-key-id", "K", "--apns-team-id", "T"])
    #expect(key.status == 78)
    #expect(
      key.stderr
        == "cooktimer: APNs key \(missingKey) does not exist or cannot be read (--apns-key / COOKTIMER_APNS_KEY)\n"
    )
    let wide = try box.run(["serve", "--listen", "0.0.0.0:0"])
    #expect(wide.status == 78)
    #expect(
      wide.stderr
        == "cooktimer: no API key exists, so serve listens only on loopback (127.0.0.1 or ::1): "
        + "create one with `cooktimer apikey create` to listen on 0.0.0.0\n")
    let cert = box.folder.appendingPathComponent("none.pem").path
    let tls = try box.run([
      "serve", "--listen", "127.0.0.1:0", "--tls-cert", cert, "--tls-key", cert,
    ])
    #expect(tls.status == 66)
    #expect(tls.stderr == "cooktimer: --tls-cert \(cert): no such file, or it cannot be read\n")
    #expect(!FileManager.default.fileExists(atPath: box.db))
  }

  /// `--topic` given to `status` with no database: kept nowhere, and it says so (a mistyped
  /// `--db` must not make a file, so none is made to keep it in).
  @Test func aTopicGivenWithNoDatabaseSaysItIsNotKept() throws {
    let box = try Sandbox(inProcess: true)
    let r = try box.run(["--topic", "com.example.kitchen", "status"])
    #expect(r.status == 0)
    #expect(r.stdout == "No active runs. Start one with `start RECIPE`.\n")
    #expect(
      r.stderr
        == "cooktimer: no database at \(box.db) yet; `start RECIPE` makes it\n"
        + "cooktimer: --topic com.example.kitchen not kept: there is no database yet to keep it "
        + "in; give it to `start`, which makes one\n")
    let both = try box.run(["--topic", "com.example.kitchen", "--alerts", "loc-keys", "status"])
    #expect(
      both.stderr.hasSuffix(
        "cooktimer: --topic com.example.kitchen and --alerts loc-keys not kept: there is no "
          + "database yet to keep them in; give them to `start`, which makes one\n"))
    #expect(!FileManager.default.fileExists(atPath: box.db))
  }
}
