import CooktimerActivity
import CooktimerCore
import CooktimerDelivery
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

/// Two phones share one run (docs/delivery.md §1): every start goes to both push-to-start
/// tokens, so each phone carries the run in its own activity instance and reports its own
/// update token. Both tokens stay, and every push of the activity goes to both; a phone's
/// renewed token replaces only its own.
@Suite("Two phones on one run")
struct TwoPhonesTests {
  @Test func everyPushOfTheActivityGoesToBothPhones() throws {
    let rig = try SenderRig()
    try rig.service.addPushToStartToken(
      SenderRig.token(), device: "Anna's iPhone", sandbox: false, at: rigT0)
    try rig.service.addPushToStartToken(
      SenderRig.token(), device: "Ben's iPhone", sandbox: false, at: rigT0)
    let tea = try rig.start("Steep the tea for ~{3%minutes}.\n", title: "Tea", at: rigT0)
    // One start, one send to each phone's push-to-start token.
    #expect(try rig.deliver(at: rigT0 + 100) == 2)
    let anna = SenderRig.token()
    let ben = SenderRig.token()
    try rig.service.addActivityToken(
      anna, run: tea.id, activity: 1, device: "Anna's iPhone", sandbox: false, at: rigT0 + 500)
    try rig.service.addActivityToken(
      ben, run: tea.id, activity: 1, device: "Ben's iPhone", sandbox: false, at: rigT0 + 600)
    _ = try rig.service.perform(.pause, on: tea.id, at: rigT0 + 60_000)
    #expect(try rig.deliver(at: rigT0 + 60_100) == 2)

    let pauses = try rig.requests().filter { $0.aps["event"] as? String == "update" }
    try #require(pauses.count == 2)
    #expect(Set(pauses.map { $0.request.token }) == [anna, ben])
    #expect(pauses.allSatisfy { $0.request.status == 200 })
    // One push, one body: the same bytes to each phone (its `apns-id` taken by the first).
    #expect(pauses[0].request.body == pauses[1].request.body)
    let expected =
      #"{"aps":{"content-state":{"endDate":817668180,"isPaused":true,"#
      + #""nextStepName":"","otherTimerCount":0,"phase":"paused","remainingWhenPaused":120,"#
      + #""stepCount":1,"stepName":"Steep the tea for 3 minutes.","stepNumber":1,"#
      + #""timerDuration":180,"timerName":""},"event":"update","relevance-score":1,"#
      + #""timestamp":1795975260}}"#
    #expect(pauses[0].request.body == expected)

    // Anna's phone renews its token: hers is replaced, Ben's stays; the resume reaches both.
    let annaRenewed = SenderRig.token()
    try rig.service.addActivityToken(
      annaRenewed, run: tea.id, activity: 1, device: "Anna's iPhone", sandbox: false,
      at: rigT0 + 70_000)
    _ = try rig.service.perform(.resume, on: tea.id, at: rigT0 + 80_000)
    #expect(try rig.deliver(at: rigT0 + 80_100) == 2)
    let resumes = try rig.requests().filter { $0.aps["event"] as? String == "update" }.dropFirst(2)
    #expect(Set(resumes.map { $0.request.token }) == [annaRenewed, ben])
    #expect(!resumes.contains { $0.request.token == anna })
  }
}
