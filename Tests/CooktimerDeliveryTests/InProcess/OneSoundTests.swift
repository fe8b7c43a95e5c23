import CooktimerActivity
import CooktimerCore
import CooktimerDelivery
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

/// Issue 20, "one sound per moment" (docs/live-activity.md §3.3): at most one sounding alert
/// per activity within 2 s; a second fire in that window updates the card quietly, its
/// alert naming both timers.
@Suite("One sound per moment")
struct OneSoundTests {
  @Test func twoFiresPointFourSecondsApartSoundOnce() throws {
    let rig = try SenderRig()
    let run = try rig.start(
      "Boil the ~pasta{3%minutes} and the ~egg{3%minutes}.\n", title: "Pot", at: rigT0)
    // The egg's timer waits for the cook, who starts it 0.4 s after the pasta's.
    _ = try rig.service.perform(.begin(.name("egg")), on: run.id, at: rigT0 + 400)
    let token = SenderRig.token()
    try rig.service.addActivityToken(token, run: run.id, activity: 1, sandbox: false, at: rigT0)
    try rig.deliver(at: rigT0 + 500)  // the echo of the begin
    try rig.deliver(at: rigT0 + 180_050)
    try rig.deliver(at: rigT0 + 180_450)
    // A third fire well after the window would sound again: none here, the pot is done.
    let fires = try rig.requests().filter { $0.request.token == token }.dropFirst()
    try #require(fires.count == 2)
    let alerts = fires.map { $0.aps["alert"] as? [String: Any] ?? [:] }
    #expect(alerts[0]["title"] as? String == "Pot — pasta done")
    #expect(alerts[0]["sound"] as? String == "default")
    #expect(alerts[1]["title"] as? String == "Pot — pasta, egg done")
    #expect(alerts[1]["sound"] == nil)
  }
}
