import CooktimerCore
import CooktimerDelivery
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

/// A tester's report (issue 21): two senders on PostgreSQL, PostgreSQL restarted
/// (`pg_ctl restart -m fast`): a push answered 200 went again 0.8–1 s later from the OTHER
/// sender, rendered anew (another timestamp, another content-state) under the same apns-id.
/// The restart cut the transaction recording the answer; the sender then released its
/// leases on the new connection, so the push was pending and free, and the other sender
/// claimed it as new. A resend must be the very request it was (docs/deploy.md §4.1).
@Suite("A sender whose record of an answer is lost")
struct LostRecordTests {
  @Test func onlyItsSenderSendsItAgainAndAsTheSameRequest() throws {
    try TestPostgreSQL.withSchema { url in
      let rig = try SenderRig(database: url)
      let token = SenderRig.token()
      try rig.service.addPushToStartToken(token, device: nil, sandbox: false, at: rigT0)
      let run = try rig.start("Steep the tea for ~{3%minutes}.\n", title: "Tea", at: rigT0)
      // The first row the record of an answer inserts ends its own backend, once (a
      // sequence: not undone with the transaction), as a restart would midway.
      try TestPostgreSQL.execute(
        """
        CREATE SEQUENCE cut_once;
        CREATE FUNCTION cut_the_record() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF nextval('cut_once') = 1 THEN PERFORM pg_terminate_backend(pg_backend_pid()); END IF;
          RETURN NEW;
        END $$;
        CREATE TRIGGER cut_the_record AFTER INSERT ON deliveries
          FOR EACH ROW EXECUTE FUNCTION cut_the_record();
        """, on: url)
      var failure: (any Error)?
      do {
        try rig.deliver(at: rigT0 + 1000)
      } catch {
        failure = error
      }
      #expect(failure != nil)
      #expect(try rig.requests().map(\.request.status) == [200])
      // The other sender, a second later: the push is still this sender's (alive, its
      // lease runs), so it sends nothing.
      let other = try rig.secondSender(owner: "sender-b")
      #expect(try other.deliverDue(at: rigT0 + 2000) == 0)
      #expect(try rig.requests().count == 1)
      // Its own sender's next round sends it again as it went.
      #expect(try rig.deliver(at: rigT0 + 2000) == 1)
      let sent = try rig.requests().map(\.request)
      #expect(sent.count == 2)
      #expect(sent.map(\.token) == [token, token])
      #expect(sent.map(\.status) == [200, 200])
      #expect(sent.map(\.apnsID) == [sent[0].apnsID, sent[0].apnsID])
      #expect(sent.map(\.body) == [sent[0].body, sent[0].body])
      #expect(
        sent[1].headers.filter { $0.key.hasPrefix("apns-") }
          == sent[0].headers.filter { $0.key.hasPrefix("apns-") })
      // Recorded sent this time: nothing pending, and nobody sends it a third time.
      #expect(try rig.rows(run.id).isEmpty)
      #expect(try other.deliverDue(at: rigT0 + 3000) == 0)
      #expect(try rig.deliver(at: rigT0 + 3000) == 0)
    }
  }
}
