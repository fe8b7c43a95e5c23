import CooktimerAPNs
import CooktimerActivity
import CooktimerCore
import CooktimerDelivery
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

/// Issue 21, pushes per second: what one sender round costs the database, counted in
/// statements (on PostgreSQL each is a round trip). A claim and a wave of answers cost a
/// fixed number of statements, however many pushes they hold: the answers of a wave are
/// recorded one statement per kind of write, not one per push.
@Suite("A sender's statements per claim and per wave")
struct WaveStatementsTests {
  /// What a round of `pushes` starts (one push-to-start token) costs: statements before the
  /// first request (the catch-up and the claim), and after it (the waves of answers,
  /// `wave` answers each).
  static func count(_ location: String, pushes: Int, wave: Int) throws -> (claim: Int, answers: Int)
  {
    let clock = SetClock(rigT0)
    let service = RunService(
      store: try RunStore.open(location: location), clock: clock,
      zone: TimeZone(identifier: "UTC")!, settings: PushSettings(topic: SenderRig.bundleID))
    try service.addPushToStartToken(SenderRig.token(), device: nil, sandbox: false, at: rigT0)
    for _ in 0..<pushes {
      _ = try service.start(
        try Cooklang.recipe("Simmer the stock for ~{1%hour}.\n", file: "Stock"),
        autoAdvance: false, at: rigT0)
    }
    let key = try TestKeyPair()
    defer { try? FileManager.default.removeItem(at: key.folder) }
    let pem = try Data(contentsOf: URL(fileURLWithPath: key.privateKeyFile))
    let cache = try APNsTokenCache(
      key: try APNsSigningKey(pem: pem), keyID: SenderRig.keyID, teamID: SenderRig.teamID)
    let sender = PushSender(
      service: service, topic: PushRequest.liveActivityTopic(SenderRig.bundleID), tokens: cache,
      connect: { _ in WavesOfAnswers(wave: wave) }, owner: "wave-counter")
    let before = service.store.statementsRun
    var atRequest: Int?
    let sent = try sender.deliverDue(
      at: rigT0 + 1000,
      stop: {
        if atRequest == nil { atRequest = service.store.statementsRun }
        return false
      })
    #expect(sent == pushes)
    let claimed = try #require(atRequest) - before
    return (claimed, service.store.statementsRun - before - claimed)
  }

  static func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cooktimer-waves-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Statements before the first request: the catch-up's look; the read that asks whether a
  /// claim would write anything (the leases' owners, what is claimable, their sends, the
  /// tokens: 4 — a round with nothing it could send then commits nothing, so no NOTIFY wakes
  /// every listener); and the claim (the leases' owners, what is claimable, the pushes locked
  /// and read, their sends, the update tokens of their runs, the pushes ended, the new sends,
  /// the leases, the runs, the activities' timestamps, the priority budget, the renderings) —
  /// the same for 10 pushes as for 40.
  static let claim = 22
  /// After it: the shared provider token read and kept (2), then per wave the attempts
  /// logged, the sends' states and the pushes ended (3) — 10 pushes in waves of 5 are 2
  /// waves, 40 are 8. Before, each push of a wave cost 3 (2 + 3 × 40 = 122 for 40 pushes).
  static func answers(waves: Int) -> Int { 2 + 3 * waves }

  @Test func onSQLite() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let ten = try Self.count(folder.appendingPathComponent("10.sqlite3").path, pushes: 10, wave: 5)
    let forty = try Self.count(
      folder.appendingPathComponent("40.sqlite3").path, pushes: 40, wave: 5)
    #expect(ten.claim == Self.claim && ten.answers == Self.answers(waves: 2), "10 pushes: \(ten)")
    #expect(
      forty.claim == Self.claim && forty.answers == Self.answers(waves: 8), "40 pushes: \(forty)")
  }

  @Test func onPostgreSQL() throws {
    let ten = try TestPostgreSQL.withSchema { url in try Self.count(url, pushes: 10, wave: 5) }
    let forty = try TestPostgreSQL.withSchema { url in try Self.count(url, pushes: 40, wave: 5) }
    #expect(ten.claim == Self.claim && ten.answers == Self.answers(waves: 2), "10 pushes: \(ten)")
    #expect(
      forty.claim == Self.claim && forty.answers == Self.answers(waves: 8), "40 pushes: \(forty)")
  }
}

/// An APNs that answers every request 200 at once, `wave` answers at a time: the number of
/// waves is fixed by the batch (the real connection's depends on timing).
struct WavesOfAnswers: APNsTransport {
  var wave: Int

  func send(
    _ requests: [APNsRequest], jwt: String, until stop: () -> Bool,
    answered: ([APNsAnswer]) throws -> Void
  ) rethrows {
    let ok = APNsResponse(status: 200, apnsID: nil, reason: nil)
    for start in stride(from: 0, to: requests.count, by: wave) {
      if stop() { return }
      let end = min(start + wave, requests.count)
      try answered((start..<end).map { APNsAnswer(index: $0, result: .success(ok)) })
    }
  }
}
