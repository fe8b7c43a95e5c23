import CooktimerActivity
import CooktimerCore
import Foundation
import Testing

/// The backup alert's request (docs/delivery.md §6) and the two loc-key forms: nested in a
/// Live Activity alert, flat in an ordinary notification.
@Suite struct BackupAlertBodyTests {
  func fire(_ style: AlertStyle) -> OutboxPush {
    OutboxPush(
      kind: .alert, event: .update, cause: .timersFired(["water"]), activity: 1,
      moment: t0 + 10 * minute, apnsID: "00000000-0000-4000-8000-000000000001",
      priority: .immediately, expiration: t0Seconds + 600 + 900, alertStyle: style)
  }

  /// The water's timer fired (the run waits for the cook to go on).
  @Test func theBackupAlertIsAnOrdinaryTimeSensitiveAlert() throws {
    let run = try startRun()
    let request = try PushRequest.alert(
      fire(.text), run: run, at: t0 + 10 * minute + 250, topic: topic + ".push-type.liveactivity")
    #expect(
      request.headers == [
        "apns-push-type": "alert", "apns-topic": topic, "apns-priority": "10",
        "apns-expiration": String(t0Seconds + 1500),
        "apns-id": "00000000-0000-4000-8000-000000000001",
      ])
    #expect(
      String(decoding: request.body, as: UTF8.self)
        == #"{"aps":{"alert":{"body":"Step 1 of 3: Boil the water — time for the next step","title":"Spaghetti — water done"},"interruption-level":"time-sensitive","sound":"default","thread-id":"cooktimer.r1"}}"#
    )
  }

  @Test func locKeysNestInALiveActivityAndStayFlatInTheBackupAlert() throws {
    let run = try startRun()
    let backup = try PushRequest.alert(fire(.locKeys), run: run, at: t0 + 10 * minute, topic: nil)
    #expect(
      String(decoding: backup.body, as: UTF8.self)
        == #"{"aps":{"alert":{"loc-args":["1","3","Boil the water"],"loc-key":"COOKTIMER_STEP_NEXT","title-loc-args":["Spaghetti","water"],"title-loc-key":"COOKTIMER_TIMER_DONE"},"interruption-level":"time-sensitive","sound":"default","thread-id":"cooktimer.r1"}}"#
    )
    var live = fire(.locKeys)
    live.kind = .liveActivity
    let update = try PushRequest.rendered(
      live, run: run, at: t0 + 10 * minute, timestamp: t0Seconds + 600, topic: nil)
    let aps = try #require(
      (try JSONSerialization.jsonObject(with: update.body) as? [String: Any])?["aps"]
        as? [String: Any])
    let alert = try #require(aps["alert"] as? [String: Any])
    #expect(
      alert["title"] as? NSDictionary
        == ["loc-key": "COOKTIMER_TIMER_DONE", "loc-args": ["Spaghetti", "water"]])
    #expect(
      alert["body"] as? NSDictionary
        == ["loc-key": "COOKTIMER_STEP_NEXT", "loc-args": ["1", "3", "Boil the water"]])
  }
}
