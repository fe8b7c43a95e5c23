import CooktimerTestSupport
import Foundation
import Testing

/// One test's world: a temp folder with its database and recipes, a signing key, and an APNs
/// stand-in that trusts it; `cooktimer` runs against them with the settings in the
/// environment, as a backend would set them.
final class DeliveryBox {
  static let keyID = "AB12CD34EF"
  static let teamID = "TEAM567890"
  static let bundleID = "com.example.cooktimer"
  static let apnsTopic = bundleID + ".push-type.liveactivity"

  let folder: URL
  let key: TestKeyPair
  let standIn: APNsStandIn

  /// - Parameters:
  ///   - script: the stand-in's first answers (see `APNsStandIn.Rule`).
  ///   - database: `COOKTIMER_DB` (a `postgresql://` URL); `nil`: an SQLite file in the folder.
  init(script: [APNsStandIn.Rule] = [], database: String? = nil) throws {
    self.database = database
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cooktimer-delivery-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("Recipes"), withIntermediateDirectories: true)
    key = try TestKeyPair()
    // A suite run under COOKTIMER_CLOCK_OFFSET signs its JWTs in that future: the stand-in
    // must judge their age on the same clock.
    let now = Self.clockOffset == 0 ? nil : Int64(Date().timeIntervalSince1970 + Self.clockOffset)
    standIn = try APNsStandIn(
      publicKeyFile: key.publicKeyFile, keyID: Self.keyID, teamID: Self.teamID,
      topic: Self.apnsTopic, now: now, script: script)
  }

  deinit {
    standIn.stop()
    try? FileManager.default.removeItem(at: folder)
    try? FileManager.default.removeItem(at: key.folder)
  }

  private let database: String?

  /// Seconds every process's clock runs ahead (`COOKTIMER_CLOCK_OFFSET`, as in the CLI tests).
  static let clockOffset: Double =
    ProcessInfo.processInfo.environment["COOKTIMER_CLOCK_OFFSET"].flatMap(Double.init) ?? 0

  /// Our database and recipes, and the APNs settings by environment variable.
  var environment: [String: String] {
    [
      "COOKTIMER_DB": database ?? folder.appendingPathComponent("db.sqlite3").path,
      "COOKTIMER_RECIPES": folder.appendingPathComponent("Recipes").path,
      "HOME": folder.path, "TZ": "UTC", "PATH": "/usr/bin:/bin",
      "COOKTIMER_CLOCK_OFFSET": String(Self.clockOffset),
      "COOKTIMER_TOPIC": Self.bundleID,
      "COOKTIMER_APNS_KEY": key.privateKeyFile, "COOKTIMER_APNS_KEY_ID": Self.keyID,
      "COOKTIMER_APNS_TEAM_ID": Self.teamID,
      "COOKTIMER_APNS_URL": standIn.baseURL.absoluteString, "COOKTIMER_APNS_CA": standIn.caFile,
    ]
  }

  func write(recipe name: String, _ text: String) throws {
    try text.write(
      to: folder.appendingPathComponent("Recipes/\(name).cook"), atomically: true,
      encoding: .utf8)
  }

  /// Runs `cooktimer ARGS` to completion; `without` drops environment variables.
  @discardableResult
  func run(_ arguments: [String], without: [String] = []) throws -> ProcessResult {
    let process = Process()
    process.executableURL = cooktimerBinary
    process.arguments = arguments
    process.environment = environment.filter { !without.contains($0.key) }
    let out = folder.appendingPathComponent("out-\(UUID().uuidString)")
    let err = folder.appendingPathComponent("err-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    try process.run()
    process.waitUntilExit()
    defer {
      try? FileManager.default.removeItem(at: out)
      try? FileManager.default.removeItem(at: err)
    }
    return ProcessResult(
      stdout: try String(contentsOf: out, encoding: .utf8),
      stderr: try String(contentsOf: err, encoding: .utf8), status: process.terminationStatus)
  }

  /// Runs `ARGS --json`, expecting exit 0, and parses stdout.
  func json(_ arguments: [String]) throws -> [String: Any] {
    let result = try run(arguments + ["--json"])
    #expect(result.status == 0, "\(arguments): \(result.stderr)")
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    return try #require(object as? [String: Any], "\(arguments): \(result.stdout)")
  }

  /// Starts `cooktimer send ARGS` in the background.
  func sender(_ arguments: [String] = [], without: [String] = []) throws -> SenderProcess {
    try SenderProcess(
      arguments: arguments, environment: environment.filter { !without.contains($0.key) },
      folder: folder)
  }

  /// Starts a run of `recipe` and returns its id.
  func start(_ recipe: String) throws -> String {
    let run = try json(["start", recipe])
    return try #require(run["id"] as? String, "start: \(run)")
  }

  /// `token add push-to-start HEX`; expects it to be stored.
  func addPushToStart(_ token: String) throws {
    let added = try run(["token", "add", "push-to-start", token])
    #expect(added.status == 0, "\(added.stderr)")
  }

  /// `token add activity RUN HEX`; expects it to be stored.
  func addActivityToken(_ token: String, run id: String) throws {
    let added = try run(["token", "add", "activity", id, token])
    #expect(added.status == 0, "\(added.stderr)")
  }

  /// `outbox --json`'s pending pushes.
  func outbox() throws -> [[String: Any]] {
    try json(["outbox"])["pending"] as? [[String: Any]] ?? []
  }

  /// `deliveries --json`'s attempts.
  func deliveries() throws -> [[String: Any]] {
    try json(["deliveries"])["deliveries"] as? [[String: Any]] ?? []
  }

  /// `token list --json`'s tokens.
  func tokens() throws -> [String] {
    (try json(["token", "list"])["tokens"] as? [[String: Any]] ?? []).compactMap {
      $0["token"] as? String
    }
  }

  /// The stand-in's log once it holds `count` requests (waiting up to `limit`); on a timeout
  /// the error shows what came, and the stderr of `sender`.
  func requests(
    count: Int, within limit: Duration = .seconds(5), sender: SenderProcess? = nil
  ) throws -> [APNsStandIn.Request] {
    do {
      return try eventually("\(count) requests at the stand-in", within: limit) {
        let seen = try standIn.requests()
        return seen.count >= count ? seen : nil
      }
    } catch let timeout as Timeout {
      let seen = (try? standIn.requests()) ?? []
      let lines = seen.map { "\($0.status) \($0.reason ?? "") \($0.token?.prefix(8) ?? "")" }
      throw Timeout(
        description: "\(timeout); got \(lines); sender: \(sender?.summary ?? "none")")
    }
  }

  /// A receipt time of the stand-in on the processes' clock, Unix seconds.
  static func processTime(_ request: APNsStandIn.Request) -> Double {
    request.time + clockOffset
  }
}
