import CooktimerActivity
import CooktimerCore
import CooktimerService
import CooktimerTestSupport
import Foundation
import Testing

/// docs/live-activity.md §3.3: who is alerted, at which priority, through the real use cases
/// on a real SQLite file.
@Suite struct PushRuleTests {
  /// The steak turns every 90 s: every turn is a fire the cook cannot see coming, so each
  /// alerts at priority 10 with sound; the cook's own `next` taps change the card silently.
  @Test func everySteakTurnAlerts() throws {
    let kitchen = try Kitchen()
    let steak = try Kitchen.recipe("steak")
    let run = try kitchen.service.start(steak, autoAdvance: false, at: t0)
    _ = try kitchen.service.perform(.next, on: run.id, at: t0 + minute)
    _ = try kitchen.service.perform(.next, on: run.id, at: t0 + 2 * minute)
    let pushes = try kitchen.pushes(at: t0 + 10 * minute)
    #expect(
      pushes.map(\.summary) == [
        "start p10 push-to-start @0: Pan-Seared Steak — started",
        "update p10 1 @60",
        "update p10 1 @120",
        "update p10 1 @210: Pan-Seared Steak — first side done",
        "update p10 1 @300: Pan-Seared Steak — second side done",
        "update p10 1 @390: Pan-Seared Steak — third turn done",
        "update p10 1 @480: Pan-Seared Steak — fourth turn done",
      ])
    #expect(
      pushes[3].alertBody
        == "Step 3 of 5: Lay the steaks in and sear for 90 seconds, then turn and sear 90 seconds, then…"
        + " — second side is running")
    #expect(pushes[6].alertBody?.hasSuffix("— time for the next step") == true)
    #expect(pushes[3...].allSatisfy { $0.sound == "default" })
    // Fires expire after 15 minutes, the cook's actions after an hour.
    #expect(pushes[3].headers["apns-expiration"] == String(t0Seconds + 210 + 900))
    #expect(pushes[1].headers["apns-expiration"] == String(t0Seconds + 60 + 3600))
    #expect(
      pushes.map { $0.headers["apns-id"] ?? "" }
        == (1...7).map {
          String(format: "00000000-0000-4000-8000-%012d", $0)
        })
  }

  /// The lesson's spaghetti: the pasta is drained while the sauce goes on — an alert, and
  /// the card shows both countdowns while both run.
  @Test func pastaWhileTheSauceSimmers() throws {
    let kitchen = try Kitchen()
    let run = try kitchen.service.start(
      try Kitchen.recipe("spaghetti"), autoAdvance: true, at: t0)
    let pushes = try kitchen.pushes(at: t0 + 20 * minute)
    #expect(
      pushes.map(\.summary) == [
        // The shipped German recipe says `locale: de` (issue 20): its alerts are German.
        "start p10 push-to-start @0: Spaghetti mit Tomatensoße — gestartet",
        "update p10 1 @300: Spaghetti mit Tomatensoße — Wasser fertig",
        "update p10 1 @780: Spaghetti mit Tomatensoße — Nudeln fertig",
        "update p10 1 @900: Spaghetti mit Tomatensoße — Soße fertig",
      ])
    let both = pushes[1].state
    #expect(both["timerName"] as? String == "Nudeln")
    #expect(both["nextTimerName"] as? String == "Soße")
    let reference = Double(t0.unixMilliseconds) / 1000 - 978_307_200
    #expect(both["endDate"] as? Double == reference + 13 * 60)
    #expect(both["nextTimerEndDate"] as? Double == reference + 15 * 60)
    #expect(pushes[2].alertBody?.hasSuffix("— Soße läuft") == true)
    #expect(pushes[2].state["nextTimerName"] == nil)
    #expect(pushes[3].alertBody?.hasSuffix("— Zeit zum Abschließen") == true)
    #expect(try kitchen.service.run(run.id, at: t0 + 20 * minute).phase == .waiting)
  }

  /// A tea paused and forgotten for two days: one `end` when its activity would be renewed,
  /// no restarts forever; resumed, it starts a fresh activity (with an alert).
  @Test func aPausedRunLeftTwoDaysEndsOnce() throws {
    let kitchen = try Kitchen()
    let run = try kitchen.service.start(try Kitchen.recipe("tea"), autoAdvance: false, at: t0)
    _ = try kitchen.service.perform(.pause, on: run.id, at: t0 + 10 * second)
    let pushes = try kitchen.pushes(at: t0 + 48 * hour)
    #expect(
      pushes.map(\.summary) == [
        "start p10 push-to-start @0: Black Tea — started",
        "update p10 1 @10",
        "end p5 1 @28200",
      ])
    #expect(pushes[2].phase == "paused")
    // Dismissed at once (issue 20): a card kept up to 4 h sat beside the fresh one when the
    // cook came back.
    #expect(pushes[2].aps["dismissal-date"] as? Int == Int(t0Seconds + 28_200 - 1))
    #expect(try kitchen.pushes(at: t0 + 72 * hour).count == 3)
    _ = try kitchen.service.perform(.resume, on: run.id, at: t0 + 72 * hour)
    let last = try #require(try kitchen.pushes(at: t0 + 72 * hour).last)
    #expect(last.summary == "start p10 push-to-start @259200: Black Tea — still cooking")
    #expect(last.activity == 2)
    #expect((last.aps["attributes"] as? [String: Any])?["activity"] as? Int == 2)
  }

  /// `stop` is the cook's own action: priority 10, no alert, phase `stopped`, and the card
  /// leaves the Lock Screen a minute later.
  @Test func aStoppedRunIsNotDone() throws {
    let kitchen = try Kitchen()
    let run = try kitchen.service.start(try Kitchen.recipe("tea"), autoAdvance: false, at: t0)
    _ = try kitchen.service.perform(.stop, on: run.id, at: t0 + 30 * second)
    let end = try #require(try kitchen.pushes(at: t0 + minute).last)
    #expect(end.summary == "end p10 1 @30")
    #expect(end.phase == "stopped")
    #expect(end.aps["dismissal-date"] as? Int == Int(t0Seconds) + 90)
  }

  /// Timestamps rise per activity, a second at a time when changes crowd one second, and
  /// stay within seconds of their moments.
  /// Timestamps are taken when a push is sent (issue 20): `max(floor(send time),
  /// previous + 1)` per activity, so five sends within one second still rise, and a send a
  /// minute later is stamped with its own second.
  @Test func timestampsStayCloseToTheirSends() throws {
    let kitchen = try Kitchen()
    let run = try kitchen.service.start(try Kitchen.recipe("tea"), autoAdvance: false, at: t0)
    for n in 0..<4 {
      _ = try kitchen.service.perform(n % 2 == 0 ? .pause : .resume, on: run.id, at: t0 + 500)
    }
    _ = try kitchen.service.perform(.pause, on: run.id, at: t0 + 60 * second)
    let rows = try kitchen.store.pendingOutbox()
    #expect(rows.count == 6)
    let stamps = try kitchen.store.transaction { tx in
      try rows.map { row in
        let sendAt = row.id < rows.last!.id ? t0 + 500 : t0 + minute
        return try PushRendering.render(row, at: sendAt, take: true, tx: tx).entry.draft
          .timestamp - t0Seconds
      }
    }
    #expect(stamps == [0, 1, 2, 3, 4, 60])
    // `outbox` shows the timestamps sends now would take (rising per activity), taking none.
    let shown = try kitchen.outbox(at: t0 + minute + 30 * second).map { $0.timestamp - t0Seconds }
    #expect(shown == [90, 91, 92, 93, 94, 95])
    #expect(
      try kitchen.outbox(at: t0 + minute + 30 * second).map { $0.timestamp - t0Seconds } == shown)
  }

  /// The topic is a stored setting: given once, later processes use it.
  @Test func theTopicIsRemembered() throws {
    let kitchen = try Kitchen(topic: "org.example.kitchen")
    _ = try kitchen.service.start(try Kitchen.recipe("tea"), autoAdvance: false, at: t0)
    let later = RunService(store: kitchen.store, clock: FixedClock(t0))
    #expect(try later.settingsInForce().topic == "org.example.kitchen")
    let fresh = try Kitchen(topic: nil)
    #expect(try fresh.service.settingsInForce().topic == nil)
  }
}
