import CooktimerTestSupport
import Foundation
import Testing

/// An update waits for its activity's token, and only the newest state goes, carrying the
/// newest alert of those that waited (delivery.md §3).
@Suite("Held updates", .ownThread)
struct HeldUpdateTests {
  @Test func updatesWaitForTheActivityTokenThenOnlyTheNewestGoesWithTheNewestAlert() throws {
    let box = try DeliveryBox()
    try box.write(recipe: "egg", "Boil the egg for ~{1%seconds}.\n\nPeel it.\n")
    try box.addPushToStart(randomToken())
    let run = try box.start("egg")
    let sender = try box.sender()
    _ = try box.requests(count: 1, sender: sender)  // the start
    // The timer's end: an update with an alert, which has no token to go to.
    let fired = try eventually("the timer's update", within: .seconds(4)) {
      try box.outbox().first { $0["event"] as? String == "update" }
    }
    let next = try box.run(["next", run])
    #expect(next.status == 0, "\(next.stderr)")
    // The sender keeps only the newest waiting update (the older one is superseded at its
    // next round), and nothing has gone out for this activity.
    let newest = try eventually("one waiting update, of step 2") {
      let held = try box.outbox()
      let state =
        ((held.last?["body"] as? [String: Any])?["aps"] as? [String: Any])?[
          "content-state"] as? [String: Any]
      return held.count == 1 && state?["stepNumber"] as? Int == 2 ? held[0] : nil
    }
    #expect(try box.standIn.requests().count == 1)

    let token = randomToken()
    try box.addActivityToken(token, run: run)
    let requests = try box.requests(count: 2, sender: sender)
    _ = try eventually("an empty outbox") { try box.outbox().isEmpty ? true : nil }
    sender.signal(SIGTERM)
    #expect(try sender.exitStatus() == 0)
    #expect(try box.standIn.requests().count == 2)  // the older update never went
    let update = requests[1]
    #expect(update.token == token)
    #expect(update.status == 200)
    let headers = try #require(newest["headers"] as? [String: String])
    #expect(update.apnsID == headers["apns-id"])
    let aps = try #require(try jsonObject(update.body)["aps"] as? [String: Any])
    let state = try #require(aps["content-state"] as? [String: Any])
    #expect(state["stepNumber"] as? Int == 2)
    // The fire's alert, in words of the state it is sent in (step 2, the last: "to finish").
    let firedAlert =
      ((fired["body"] as? [String: Any])?["aps"] as? [String: Any])?["alert"] as? [String: Any]
    #expect(firedAlert?["title"] as? String == "egg — timer done")
    #expect(
      (aps["alert"] as? NSDictionary)
        == [
          "title": "egg — timer done", "body": "Step 2 of 2: Peel it. — time to finish",
          "sound": "default",
        ])
    #expect(try box.deliveries().map { $0["event"] as? String } == ["start", "update"])
  }
}
