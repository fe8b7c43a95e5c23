import CooktimerAPNs
import CooktimerActivity
import CooktimerCore
import CooktimerDelivery
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation

/// 2026-11-29T18:00:00Z: the rig's clock starts here.
let rigT0 = Instant(unixMilliseconds: 1_795_975_200_000)
let rigT0Seconds: Int64 = 1_795_975_200

/// A clock the test moves.
final class SetClock: Clock, @unchecked Sendable {
  private let lock = NSLock()
  private var instant: Instant

  init(_ instant: Instant) { self.instant = instant }

  func now() -> Instant {
    lock.lock()
    defer { lock.unlock() }
    return instant
  }

  func nanoseconds() -> Int64 { now().unixMilliseconds * 1_000_000 }

  func set(_ instant: Instant) {
    lock.lock()
    defer { lock.unlock() }
    self.instant = instant
  }
}

/// The sender in process: a service on a real SQLite file with a clock the test sets, and a
/// `PushSender` talking HTTP/2 + TLS to the Python APNs stand-in (which judges provider
/// tokens as of `rigT0` + 30 min, so the rig's JWTs, issued on its clock, are fresh).
final class SenderRig {
  static let keyID = "AB12CD34EF"
  static let teamID = "TEAM567890"
  static let bundleID = "com.example.cooktimer"

  let folder: URL
  let key: TestKeyPair
  let standIn: APNsStandIn
  let clock = SetClock(rigT0)
  /// The database: an SQLite file in ``folder``, or a PostgreSQL URL.
  let location: String
  let service: RunService
  let sender: PushSender

  /// - Parameter judgedAt: the instant the stand-in judges provider tokens' age at (a JWT is
  ///   refused past an hour old or more than a minute ahead): near the test's sends.
  ///   - database: a PostgreSQL URL; `nil`: an SQLite file in ``folder``.
  init(
    script: [APNsStandIn.Rule] = [], judgedAt: Instant = rigT0 + 1_800_000,
    database: String? = nil
  ) throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cooktimer-rig-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    key = try TestKeyPair()
    standIn = try APNsStandIn(
      publicKeyFile: key.publicKeyFile, keyID: Self.keyID, teamID: Self.teamID,
      topic: PushRequest.liveActivityTopic(Self.bundleID), now: judgedAt.floorUnixSeconds,
      script: script)
    let counter = APNsIDCounter()
    location = database ?? folder.appendingPathComponent("db.sqlite3").path
    service = RunService(
      store: try RunStore.open(location: location), clock: clock,
      zone: TimeZone(identifier: "UTC")!, settings: PushSettings(topic: Self.bundleID),
      makeAPNsID: { counter.next() })
    let pem = try Data(contentsOf: URL(fileURLWithPath: key.privateKeyFile))
    let cache = try APNsTokenCache(
      key: try APNsSigningKey(pem: pem), keyID: Self.keyID, teamID: Self.teamID)
    let (base, ca) = (standIn.baseURL, standIn.caFile)
    sender = PushSender(
      service: service, topic: PushRequest.liveActivityTopic(Self.bundleID), tokens: cache,
      connect: { _ throws(APNsError) in try APNsConnection(baseURL: base, caFile: ca) })
  }

  deinit {
    standIn.stop()
    try? FileManager.default.removeItem(at: folder)
    try? FileManager.default.removeItem(at: key.folder)
  }

  /// Moves the clock to `instant` and runs one round of the sender there.
  @discardableResult
  func deliver(at instant: Instant) throws -> Int {
    clock.set(instant)
    return try sender.deliverDue(at: instant)
  }

  /// Starts a run of `text` (Cooklang) at `instant`.
  func start(_ text: String, title: String, at instant: Instant) throws -> Run {
    let recipe = try Cooklang.recipe(text, file: title)
    return try service.start(recipe, autoAdvance: false, at: instant)
  }

  /// The stand-in's requests, each body's `aps` parsed.
  func requests() throws -> [(request: APNsStandIn.Request, aps: [String: Any])] {
    try standIn.requests().map { request in
      let body = try JSONSerialization.jsonObject(with: Data(request.body.utf8))
      return (request, (body as? [String: Any])?["aps"] as? [String: Any] ?? [:])
    }
  }

  /// Every outbox row of the run, oldest first.
  func rows(_ run: String) throws -> [QueuedPush] {
    try service.store.transaction { tx in
      try tx.pendingPushes().filter { $0.entry.runID == run }
    }
  }

  /// Every delivery attempt, oldest first.
  func attempts() throws -> [DeliveryAttempt] {
    try service.store.transaction { tx in try tx.deliveryAttempts() }
  }

  /// A fresh random 32-byte token, lowercase hex.
  static func token() -> String {
    (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
  }
}
