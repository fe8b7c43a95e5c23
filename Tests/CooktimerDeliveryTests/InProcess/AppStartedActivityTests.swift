import CooktimerActivity
import CooktimerCore
import CooktimerDelivery
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

/// Issue 20, "activities the app started itself": the app reports the activity it started
/// with its update token, so no push-to-start goes for it (no second card) and its updates go
/// to that token.
@Suite("App-started activities")
struct AppStartedActivityTests {
  @Test func noPushToStartGoesForAnActivityTheAppStarted() throws {
    let rig = try SenderRig()
    let pushToStart = SenderRig.token()
    try rig.service.addPushToStartToken(pushToStart, device: nil, sandbox: false, at: rigT0)
    let run = try rig.start("Steep the tea for ~{3%minutes}.\n", title: "Tea", at: rigT0)
    let token = SenderRig.token()
    try rig.service.addActivityToken(
      token, run: run.id, activity: 1, sandbox: false, appStarted: true, at: rigT0 + 200)
    _ = try rig.service.perform(.pause, on: run.id, at: rigT0 + 1000)
    #expect(try rig.deliver(at: rigT0 + 1100) == 1)
    let sent = try rig.requests()
    #expect(sent.map(\.request.token) == [token])
    #expect(sent.map { $0.aps["event"] as? String } == ["update"])
    let start = try #require(
      try rig.service.store.outbox(runID: run.id).first { $0.draft.event == "start" })
    #expect(start.sentAt == rigT0 + 200)
    #expect(try rig.attempts().map(\.event) == ["update"])
  }
}
