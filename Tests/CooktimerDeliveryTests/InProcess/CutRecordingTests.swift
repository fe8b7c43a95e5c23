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
  @Test func keepsItsLeasesAndGoesAgainAsTheSameRequest() throws {
    let rig = try SenderRig()
    let token = SenderRig.token()
    try rig.service.addPushToStartToken(token, device: nil, sandbox: false, at: rigT0)
    let run = try rig.start("Simmer the stock for ~{20%minutes}.\n", title: "Stock", at: rigT0)
    // The database refuses the answers' record (as a lost connection would), not the claim
    // before the request nor the release after it.
    try rig.service.store.transaction { tx in
      try tx.db.execute(
        "CREATE TRIGGER cut BEFORE INSERT ON deliveries BEGIN SELECT RAISE(ABORT, 'cut'); END")
    }
    #expect(throws: StoreError.self) { try rig.deliver(at: rigT0 + 1_000) }
    #expect(try rig.requests().map(\.request.status) == [200])
    try rig.service.store.transaction { tx in try tx.db.execute("DROP TRIGGER cut") }

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
}
