import CooktimerAPNs
import CooktimerActivity
import CooktimerCore
import CooktimerDelivery
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

/// Issue 20, push lateness: the update of a timer's end is claimed in the transaction that
/// records the fire, so its request waits for one commit (one `fdatasync`), not two; the
/// lease still comes before the request, and a second sender never sends it too.
@Suite("A timer's push after one commit")
struct DueClaimTests {
  /// Tea steeps 3 minutes from `rigT0`; its start went at `rigT0` + 1 s. The activity's token
  /// is `token`.
  static func tea(_ rig: SenderRig, token: String) throws {
    try rig.service.addPushToStartToken(SenderRig.token(), device: nil, sandbox: false, at: rigT0)
    let run = try rig.start("Steep the tea for ~{3%minutes}.\n", title: "Tea", at: rigT0)
    try rig.service.addActivityToken(token, run: run.id, activity: 1, sandbox: false, at: rigT0)
    #expect(try rig.deliver(at: rigT0 + 1000) == 1)
  }

  @Test func theFiresUpdateIsLeasedByTheCatchUpsOwnCommit() throws {
    let rig = try SenderRig()
    let token = SenderRig.token()
    try Self.tea(rig, token: token)
    let end = rigT0 + 180_000
    rig.clock.set(end)
    let before = rig.service.store.writeCommits
    // Looked at when the first request is about to start.
    var atRequest: (commits: Int, owners: [String])?
    let sent = try rig.sender.deliverDue(
      at: end,
      stop: {
        if atRequest == nil {
          let owners = try? rig.service.store.read { tx in try tx.leaseOwners() }
          atRequest = (rig.service.store.writeCommits - before, owners ?? ["unreadable"])
        }
        return false
      })
    #expect(sent == 1)
    #expect(atRequest?.commits == 1)
    #expect(atRequest?.owners == [SenderIdentity.current])
    let update = try #require(try rig.requests().last)
    #expect(update.request.token == token)
    #expect(update.aps["event"] as? String == "update")
    #expect(update.aps["timestamp"] as? Int == Int(rigT0Seconds + 180))
    #expect(try rig.requests().count == 2)
  }

  @Test func aRoundWithNothingDueCommitsNothingBeforeItsClaim() throws {
    let rig = try SenderRig()
    try Self.tea(rig, token: SenderRig.token())
    let before = rig.service.store.writeCommits
    #expect(try rig.deliver(at: rigT0 + 60_000) == 0)
    #expect(rig.service.store.writeCommits == before)
  }

  @Test func twoSendersAtATimersEndSendItsUpdateOnce() throws {
    try twoSendersSendItOnce(try SenderRig())
  }

  @Test func twoSendersOnPostgreSQLAtATimersEndSendItsUpdateOnce() throws {
    try TestPostgreSQL.withSchema { url in try twoSendersSendItOnce(try SenderRig(database: url)) }
  }

  private func twoSendersSendItOnce(_ rig: SenderRig) throws {
    let token = SenderRig.token()
    try Self.tea(rig, token: token)
    let end = rigT0 + 180_000
    rig.clock.set(end)
    let rounds = Rounds([rig.sender, try rig.secondSender(owner: "sender-b")])
    #expect(try rounds.race(at: end) == [1, 0])
    #expect(try rounds.race(at: end + 1000) == [0, 0])
    let updates = try rig.requests().filter { $0.request.token == token }
    #expect(updates.count == 1)
    #expect(updates.first?.request.status == 200)
  }
}

/// Rounds of several senders on one database at once, each on its own thread.
final class Rounds: @unchecked Sendable {
  private let senders: [PushSender]
  private let lock = NSLock()
  private var results: [Int: Result<Int, any Error>] = [:]

  init(_ senders: [PushSender]) { self.senders = senders }

  /// One round of every sender at `now`, side by side: how many sends each had answered 200,
  /// sorted from most to fewest (which sender wins is the race's).
  func race(at now: Instant) throws -> [Int] {
    results = [:]
    DispatchQueue.concurrentPerform(iterations: senders.count) { i in
      let result = Result { try self.senders[i].deliverDue(at: now) }
      lock.lock()
      results[i] = result
      lock.unlock()
    }
    return try results.values.map { try $0.get() }.sorted(by: >)
  }
}

extension SenderRig {
  /// A second sender, as another process would run it: its own connection to the rig's
  /// database, the rig's clock and stand-in, leases under `owner`.
  func secondSender(owner: String) throws -> PushSender {
    let service = RunService(
      store: try RunStore.open(location: location), clock: clock,
      zone: TimeZone(identifier: "UTC")!, settings: PushSettings(topic: Self.bundleID))
    let pem = try Data(contentsOf: URL(fileURLWithPath: key.privateKeyFile))
    let cache = try APNsTokenCache(
      key: try APNsSigningKey(pem: pem), keyID: Self.keyID, teamID: Self.teamID)
    let (base, ca) = (standIn.baseURL, standIn.caFile)
    return PushSender(
      service: service, topic: PushRequest.liveActivityTopic(Self.bundleID), tokens: cache,
      connect: { _ throws(APNsError) in try APNsConnection(baseURL: base, caFile: ca) },
      owner: owner)
  }
}
