import CooktimerActivity
import CooktimerCore
import Foundation
import Testing

/// docs/live-activity.md §4 and docs/cli.md §2.5 `plan`.
@Suite struct PlanTests {
  /// 10 min + 6 h + an untimed step + 3 h + 45 min: about 9 h 56 min.
  let bread = Recipe(
    title: "Sourdough",
    steps: [
      Step(text: "Mix", timers: [TimerSpec(name: "autolyse", duration: 10 * minute)]),
      Step(text: "Bulk ferment", timers: [TimerSpec(name: "bulk", duration: 6 * hour)]),
      Step(text: "Shape the loaf"),
      Step(text: "Proof", timers: [TimerSpec(name: "proof", duration: 3 * hour)]),
      Step(text: "Bake", timers: [TimerSpec(name: "bake", duration: 45 * minute)]),
    ])

  @Test func breadRestartsTheActivityBeforeEightHours() throws {
    let plan = try planPushes(recipe: bread, start: t0, topic: topic)
    let restartAt = t0 + 8 * hour - 10 * minute
    let summary = plan.map { "\($0.event.rawValue) \($0.target) \($0.sendAt - t0)" }
    #expect(
      summary == [
        "start pushToStart 0",
        "update activity(1) \(10 * minute)",
        "update activity(1) \(6 * hour + 10 * minute)",
        "update activity(1) \(6 * hour + 11 * minute)",
        // The fresh activity starts first, then the old one ends: never an empty screen.
        "start pushToStart \(restartAt - t0)",
        "end activity(1) \(restartAt - t0)",
        "update activity(2) \(9 * hour + 11 * minute)",
        "end activity(2) \(9 * hour + 56 * minute)",
      ])
    #expect(plan.map(\.activity) == [1, 1, 1, 1, 2, 1, 2, 2])
    for push in plan where push.activity == 1 {
      #expect(push.sendAt < t0 + 8 * hour)
    }
  }

  @Test func planTimestampsRisePerActivityAndBodiesFit() throws {
    let plan = try planPushes(recipe: bread, start: t0, topic: topic)
    for activity in Set(plan.map(\.activity)) {
      let stamps = plan.filter { $0.activity == activity }.map(\.timestamp)
      #expect(zip(stamps, stamps.dropFirst()).allSatisfy { $0 < $1 })
    }
    for push in plan {
      #expect(push.body.count <= PushRequest.bodyLimit)
      let aps = try #require(try JSONValue(push.body)["aps"])
      #expect(aps["timestamp"] == .number(Double(push.timestamp)))
      #expect(aps["event"] == .string(push.event.rawValue))
      #expect(push.timestamp >= push.sendAt.unixMilliseconds / 1000)
    }
  }

  @Test func startsGoToPushToStartAndAskForAToken() throws {
    let plan = try planPushes(recipe: bread, start: t0, topic: topic)
    for push in plan {
      let aps = try #require(try JSONValue(push.body)["aps"])
      if push.event == .start {
        #expect(push.target == .pushToStart)
        #expect(aps["input-push-token"] == .number(1))
      } else {
        #expect(push.target == .activity(push.activity))
        #expect(aps["input-push-token"] == nil)
      }
    }
  }

  @Test func theRestartCarriesTheRunningState() throws {
    let plan = try planPushes(recipe: bread, start: t0, topic: topic)
    let start = plan[4]
    let end = plan[5]
    // The retired activity's end can wait (it dies at 8 h anyway); the start cannot.
    #expect(end.priority == .consideringDevicePower)
    #expect(start.priority == .immediately)
    let endAPS = try #require(try JSONValue(end.body)["aps"])
    // Dismissed at once: one second before the send time.
    #expect(endAPS["dismissal-date"] == .number(Double(end.sendAt.unixMilliseconds / 1000 - 1)))
    let startAPS = try #require(try JSONValue(start.body)["aps"])
    #expect(startAPS["content-state"] == endAPS["content-state"])
    #expect(startAPS["content-state"]?["phase"] == .string("running"))
    #expect(startAPS["content-state"]?["timerName"] == .string("proof"))
  }

  @Test func waitingUpdatesAlertAtFullPriority() throws {
    let plan = try planPushes(recipe: bread, start: t0, topic: topic)
    let waiting = plan[2]
    let aps = try #require(try JSONValue(waiting.body)["aps"])
    #expect(aps["content-state"]?["phase"] == .string("waiting"))
    // Auto-advance entered the untimed step the instant "bulk" fired: that is the news.
    #expect(aps["alert"]?["title"] == .string("Sourdough — bulk done"))
    #expect(
      aps["alert"]?["body"] == .string("Step 3 of 5: Shape the loaf — time for the next step"))
    #expect(waiting.priority == .immediately)
    // Step 2 started by itself when step 1's timer fired: that fire is the news.
    #expect(plan[1].priority == .immediately)
    let advanced = try #require(try JSONValue(plan[1].body)["aps"])
    #expect(advanced["alert"]?["title"] == .string("Sourdough — autolyse done"))
    #expect(advanced["alert"]?["body"] == .string("Step 2 of 5: Bulk ferment — bulk is running"))
    // The cook's own `next` (assumed a minute later) changes the card silently.
    let moved = try #require(try JSONValue(plan[3].body)["aps"])
    #expect(moved["alert"] == nil)
    #expect(plan[3].priority == .immediately)
    #expect(plan.last?.priority == .immediately)
    let last = try #require(try JSONValue(plan[7].body)["aps"])
    #expect(last["content-state"]?["phase"] == .string("finished"))
    #expect(last["alert"]?["title"] == .string("Sourdough — bake done"))
    #expect(last["alert"]?["body"] == .string("All 5 steps done."))
  }

  @Test func untimedStepAssumptionIsAnOption() throws {
    let plan = try planPushes(
      recipe: bread, start: t0, topic: topic, options: PlanOptions(untimedStep: 5 * minute))
    #expect(plan[3].sendAt == t0 + 6 * hour + 15 * minute)
  }

  @Test func aShortRunNeedsNoRestart() throws {
    let plan = try planPushes(recipe: pasta, start: t0, topic: topic)
    #expect(plan.map(\.event) == [.start, .update, .update, .end])
    #expect(plan.map(\.sendAt) == [t0, t0 + 10 * minute, t0 + 19 * minute, t0 + 20 * minute])
    #expect(plan.allSatisfy { $0.activity == 1 })
  }

  @Test func aTimerFiringInsideAStepUpdatesTheShownTimer() throws {
    let recipe = Recipe(
      title: "Eggs",
      steps: [
        Step(
          text: "Boil, then cool",
          timers: [
            TimerSpec(name: "boil", duration: 6 * minute),
            TimerSpec(name: "cool", duration: 2 * minute, start: .afterPrevious),
          ])
      ])
    let plan = try planPushes(recipe: recipe, start: t0, topic: topic)
    #expect(plan.map(\.event) == [.start, .update, .end])
    let update = try #require(try JSONValue(plan[1].body)["aps"]?["content-state"])
    #expect(update["timerName"] == .string("cool"))
  }

  @Test func aDayLongTimerRestartsEveryActivitySpan() throws {
    let recipe = Recipe(
      title: "Brine",
      steps: [Step(text: "Brine", timers: [TimerSpec(name: "", duration: 24 * hour)])])
    let plan = try planPushes(recipe: recipe, start: t0, topic: topic)
    let starts = plan.filter { $0.event == .start }
    #expect(starts.count == 4)  // at 0, 7:50, 15:40, 23:30
    #expect(plan.last?.activity == 4)
    for (a, b) in zip(starts, starts.dropFirst()) {
      #expect(b.sendAt - a.sendAt == 8 * hour - 10 * minute)
    }
  }

  @Test func anEmptyRecipeIsRefused() {
    #expect(throws: ActivityError.self) {
      _ = try planPushes(recipe: Recipe(title: "Nothing", steps: []), start: t0, topic: topic)
    }
  }

  @Test func jsonLinesCarryTheDocumentedKeys() throws {
    let plan = try planPushes(recipe: bread, start: t0, topic: topic)
    let text = String(decoding: try jsonLines(plan), as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == plan.count + 1)
    #expect(lines.last == "")
    let first = try JSONValue(String(lines[0]))
    #expect(
      first.keys
        == ["activity", "body", "event", "headers", "priority", "sendAt", "target", "timestamp"])
    #expect(first["sendAt"] == .string("2026-11-29T18:00:00.250Z"))
    #expect(first["target"] == .string("push-to-start"))
    #expect(first["priority"] == .number(10))
    #expect(first["body"] == (try JSONValue(plan[0].body)))
    #expect(first["headers"]?["apns-topic"] == .string(topic + ".push-type.liveactivity"))
    let second = try JSONValue(String(lines[1]))
    #expect(second["target"] == .number(1))
    #expect(second["event"] == .string("update"))
  }
}

@Suite struct PlanWaitingTests {
  @Test func aTimerWithoutADurationWaitsForTheCook() throws {
    let recipe = Recipe(
      title: "Rest",
      steps: [
        Step(text: "Rest until ready", timers: [TimerSpec(name: "rest", duration: nil)]),
        Step(text: "Slice", timers: [TimerSpec(name: "", duration: minute)]),
      ])
    let plan = try planPushes(recipe: recipe, start: t0, topic: topic)
    #expect(plan.map(\.event) == [.start, .update, .end])
    #expect(plan.map(\.sendAt) == [t0, t0 + minute, t0 + 2 * minute])
    let start = try #require(try JSONValue(plan[0].body)["aps"])
    #expect(start["content-state"]?["phase"] == .string("waiting"))
    #expect(start["stale-date"] == nil)
  }

  @Test func noWaitWhenTheCookMovesOnAtOnce() throws {
    let plan = try planPushes(
      recipe: pasta, start: t0, topic: topic, options: PlanOptions(untimedStep: 0))
    #expect(plan.map(\.sendAt) == [t0, t0 + 10 * minute, t0 + 19 * minute, t0 + 19 * minute])
    let stamps = plan.map(\.timestamp)
    #expect(zip(stamps, stamps.dropFirst()).allSatisfy { $0 < $1 })
  }
}
