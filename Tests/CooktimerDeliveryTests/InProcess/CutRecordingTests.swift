import CooktimerCore
import CooktimerDelivery
import CooktimerService
import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerStore

/// Issue 21's fault test of real processes (Tests/PostgreSQLFault/run.py) caught one apns-id
/// answered 200 twice with two bodies: a PostgreSQL restart cut the transaction recording a
/// wave's answers, the sender released its leases on that batch, and the other sender
/// claimed the push as never sent and rendered it anew (the run paused meanwhile). A request
/// that may have gone goes again only as the very request it was (docs/delivery.md §5).
@Suite("A batch whose answers could not be recorded")
struct CutRecordingTests {
  /// A run's start push sent at t0+1 s while the database refuses the answers' record (as a
  /// lost connection would), not the claim before the request nor the release after it;
  /// the refusal then taken away.
  static func startCutAtTheRecord(_ rig: SenderRig) throws -> (SenderRig, String, Run) {
    let token = SenderRig.token()
    try rig.service.addPushToStartToken(token, device: nil, sandbox: false, at: rigT0)
    let run = try rig.start("Simmer the stock for ~{20%minutes}.\n", title: "Stock", at: rigT0)
    try rig.service.store.transaction { tx in
      try tx.db.execute(
        "CREATE TRIGGER cut BEFORE INSERT ON deliveries BEGIN SELECT RAISE(ABORT, 'cut'); END")
    }
    #expect(throws: StoreError.self) { try rig.deliver(at: rigT0 + 1_000) }
    try rig.service.store.transaction { tx in try tx.db.execute("DROP TRIGGER cut") }
    return (rig, token, run)
  }

  @Test func keepsItsLeasesAndGoesAgainAsTheSameRequest() throws {
    let (rig, token, run) = try Self.startCutAtTheRecord(SenderRig())
    #expect(try rig.requests().map(\.request.status) == [200])

    // The run changes; another sender comes: the push is still this sender's, not taken.
    _ = try rig.service.perform(.pause, on: run.id, at: rigT0 + 3_000)
    let other = try rig.secondSender(owner: "pid:1@elsewhere")
    rig.clock.set(rigT0 + 4_000)
    #expect(try other.deliverDue(at: rigT0 + 4_000) == 0)
    #expect(try rig.requests().count == 1)

    // This sender's next round sends it again as it went: apns-id, headers, body.
    #expect(try rig.deliver(at: rigT0 + 5_000) == 1)
    let sent = try rig.standIn.requests()
    try #require(sent.count == 2)
    #expect(sent[1].token == token)
    #expect(sent[1].headers["apns-id"] == sent[0].headers["apns-id"])
    #expect(sent[1].body == sent[0].body)
    let apnsHeaders = sent.map { $0.headers.filter { $0.key.hasPrefix("apns-") } }
    #expect(apnsHeaders[1] == apnsHeaders[0])
    let state = try #require(
      (try rig.requests()[1].aps["content-state"] as? [String: Any])?["phase"] as? String)
    #expect(state == "running")
    #expect(try rig.rows(run.id).filter { $0.entry.draft.event == "start" }.isEmpty)
  }

  /// The same cut, and the next round comes after the request may go again as it was
  /// (``PushSender/resendWindow``): rendered anew, it is another notification under an
  /// apns-id of its own, so no apns-id is answered 200 with two bodies (the fault test with
  /// `--kills 40`, seed 169847143: the resend came after the first body's stale date).
  @Test func renderedAnewItGoesUnderANewAPNsID() throws {
    let (rig, token, run) = try Self.startCutAtTheRecord(SenderRig(judgedAt: rigT0 + 60_000))
    _ = try rig.service.perform(.pause, on: run.id, at: rigT0 + 30_000)

    #expect(try rig.deliver(at: rigT0 + 62_000) == 1)
    let sent = try rig.requests()
    try #require(sent.count == 2)
    #expect(sent.map(\.request.token) == [token, token])
    #expect(sent.map(\.request.status) == [200, 200])
    let ids = sent.map { $0.request.headers["apns-id"] ?? "" }
    #expect(ids[0] != ids[1])
    let phases = sent.map { ($0.aps["content-state"] as? [String: Any])?["phase"] as? String }
    #expect(phases == ["running", "paused"])
    #expect(
      sent.map { $0.aps["timestamp"] as? Int } == [Int(rigT0Seconds + 1), Int(rigT0Seconds + 62)])
    // The send as stored is the second request: the apns-id answered 200 and recorded.
    let attempts = try rig.attempts()
    #expect(attempts.map(\.apnsID) == [ids[1]])
    #expect(attempts.map(\.status) == [200])
  }
}
