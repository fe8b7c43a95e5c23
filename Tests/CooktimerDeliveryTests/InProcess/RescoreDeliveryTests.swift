import CooktimerActivity
import CooktimerCore
import CooktimerDelivery
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

/// Issue 20, "two runs re-scored" (docs/live-activity.md §3.7): two lasagnes on one phone.
/// The second, started 10 minutes later, fires first: the first's card gets a priority-5
/// update that moves it to 98 behind the second's 99; when the cook pauses the second, the
/// first goes back to 99. Each re-score is rendered at its send, never with an alert.
@Suite("Two runs re-scored")
struct RescoreDeliveryTests {
  @Test func theFirstLasagneIsReScoredWhenTheSecondOvertakesAndWhenItPauses() throws {
    let rig = try SenderRig()
    try rig.service.addPushToStartToken(SenderRig.token(), device: nil, sandbox: false, at: rigT0)
    let first = try rig.start(
      "Bake the lasagne for ~lasagne{60%minutes}.\n", title: "Lasagne", at: rigT0)
    #expect(try rig.deliver(at: rigT0 + 100) == 1)
    let token = SenderRig.token()
    try rig.service.addActivityToken(token, run: first.id, activity: 1, sandbox: false, at: rigT0)

    let second = try rig.start(
      "Bake the lasagne for ~lasagne{30%minutes}.\n", title: "Lasagne", at: rigT0 + 600_000)
    #expect(try rig.deliver(at: rigT0 + 600_100) == 2)
    let overtaken = try #require(try rig.requests().last { $0.request.token == token })
    #expect(overtaken.request.status == 200)
    #expect(overtaken.request.headers["apns-priority"] == "5")
    #expect(overtaken.request.headers["apns-expiration"] == String(rigT0Seconds + 600 + 3600))
    // The first's 60 minutes end at 19:00:00Z: 817671600 s after 2001-01-01.
    #expect(
      overtaken.request.body
        == #"{"aps":{"content-state":{"endDate":817671600,"isPaused":false,"nextStepName":"","#
        + #""otherTimerCount":0,"phase":"running","remainingWhenPaused":0,"stepCount":1,"#
        + #""stepName":"Bake the lasagne for 60 minutes.","stepNumber":1,"timerDuration":3600,"#
        + #""timerName":"lasagne"},"event":"update","relevance-score":98,"#
        + #""stale-date":1795978800,"timestamp":1795975800}}"#)
    let secondStart = try #require(
      try rig.requests().last {
        ($0.aps["attributes"] as? [String: Any])?["runId"] as? String
          == second.id
      })
    #expect((secondStart.aps["relevance-score"] as? NSNumber)?.doubleValue == 99)

    _ = try rig.service.perform(.pause, on: second.id, at: rigT0 + 1_200_000)
    #expect(try rig.deliver(at: rigT0 + 1_200_100) == 1)
    let movedUp = try #require(try rig.requests().last)
    #expect(movedUp.request.token == token)
    #expect(movedUp.request.headers["apns-priority"] == "5")
    #expect(
      movedUp.request.body
        == #"{"aps":{"content-state":{"endDate":817671600,"isPaused":false,"nextStepName":"","#
        + #""otherTimerCount":0,"phase":"running","remainingWhenPaused":0,"stepCount":1,"#
        + #""stepName":"Bake the lasagne for 60 minutes.","stepNumber":1,"timerDuration":3600,"#
        + #""timerName":"lasagne"},"event":"update","relevance-score":99,"#
        + #""stale-date":1795978800,"timestamp":1795976400}}"#)

    // `deliveries` says why each went at 5.
    let reasons = try rig.attempts().filter { $0.token == token }.map(\.priorityReason)
    #expect(
      reasons == [
        "re-scored: the device's runs changed order", "re-scored: the device's runs changed order",
      ])
  }
}
