import CooktimerCore
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What the delivery benchmarks share: a database, a signing key and the local APNs stand-in
/// (Tests/APNsStandIn, a Python HTTP/2 server), and the environment a `cooktimer send`
/// needs to deliver to it.
final class APNsWorld {
  static let keyID = "BENCH12345"
  static let teamID = "TEAM123456"
  static let bundleID = "com.example.cooktimer"

  let folder: Fixtures.ScratchFolder
  let key: TestKeyPair
  let standIn: APNsStandIn
  let service: RunService
  var db: String { folder.path + "/runs.sqlite" }

  init() throws {
    folder = try Fixtures.ScratchFolder()
    key = try TestKeyPair()
    standIn = try APNsStandIn(
      publicKeyFile: key.publicKeyFile, keyID: Self.keyID, teamID: Self.teamID)
    service = RunService(
      store: try RunStore(path: folder.path + "/runs.sqlite"),
      settings: PushSettings(topic: Self.bundleID))
  }

  func remove() {
    standIn.stop()
    folder.remove()
    try? FileManager.default.removeItem(at: key.folder)
  }

  var environment: [String: String] {
    [
      "COOKTIMER_DB": db, "HOME": folder.path, "PATH": "/usr/bin:/bin", "TZ": "UTC",
      "COOKTIMER_RECIPES": folder.path, "COOKTIMER_APNS_KEY": key.privateKeyFile,
      "COOKTIMER_APNS_KEY_ID": Self.keyID, "COOKTIMER_APNS_TEAM_ID": Self.teamID,
      "COOKTIMER_APNS_URL": standIn.baseURL.absoluteString, "COOKTIMER_APNS_CA": standIn.caFile,
    ]
  }

  /// A random 32-byte device token.
  static func token() -> String {
    (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
  }

  /// Starts the release `cooktimer send`, stderr to a file in the folder.
  func startSender() throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try Binary.cooktimer())
    process.arguments = ["send"]
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    _ = FileManager.default.createFile(atPath: folder.path + "/send.stderr", contents: nil)
    process.standardError = FileHandle(forWritingAtPath: folder.path + "/send.stderr")
    try process.run()
    return process
  }

  /// SIGTERM, then the exit (SIGKILL after 5 s).
  static func stop(_ process: Process) {
    kill(process.processIdentifier, SIGTERM)
    let deadline = WallClock.monotonic() + 5_000_000_000
    while process.isRunning, WallClock.monotonic() < deadline { usleep(10_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  /// The stand-in's log once it has `count` requests, or an error after `seconds`.
  func requests(count: Int, within seconds: Double) throws -> [APNsStandIn.Request] {
    let deadline = WallClock.monotonic() + Int64(seconds * 1e9)
    while true {
      let seen = try standIn.requests()
      if seen.count >= count { return seen }
      guard WallClock.monotonic() < deadline else {
        let stderr = (try? String(contentsOfFile: folder.path + "/send.stderr", encoding: .utf8))
        throw BenchError(
          "\(seen.count) of \(count) pushes reached the stand-in in \(seconds) s; "
            + "sender: \(stderr ?? "")")
      }
      usleep(20_000)
    }
  }
}
