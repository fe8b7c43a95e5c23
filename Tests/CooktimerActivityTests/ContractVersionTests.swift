import CooktimerActivity
import CooktimerCore
import Foundation
import Testing

/// The app's type (the CookingTimerAttributes library, `cooktimer contract`'s text)
/// decodes every state the tool emits, and states made before fields were added.
@Suite struct ContractVersionTests {
  static func shipped() throws -> [Recipe] {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Recipes").standardized
    return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
      .filter { $0.hasSuffix(".cook") }
      .map { name in
        try Cooklang.recipe(
          try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8),
          file: name)
      }
  }

  /// Every push of every shipped recipe's plan decodes with a default `JSONDecoder`, and
  /// the start's attributes carry the run id and activity number.
  @Test func everyPlannedStateDecodes() throws {
    var decoded = 0
    for recipe in try Self.shipped() {
      for push in try planPushes(recipe: recipe, start: t0, topic: topic) {
        let phone = try Phone.push(push.body)
        if push.event == .start {
          #expect(phone.aps.attributes?.runId == "plan")
          #expect(phone.aps.attributes?.activity == push.activity)
        }
        decoded += 1
      }
    }
    #expect(decoded > 40)
  }

  /// What the outbox emits for a run the cook pauses, resumes, adds to and stops — the same
  /// rule (`ActivityPushes`) as the live path — decodes, the stopped phase included.
  @Test func everyLiveStateDecodes() throws {
    var run = try startRun()
    var lifetime = ActivityLifetime(startedAt: t0)
    var moments = ActivityPushes.change(run, cause: .runStarted, lifetime: &lifetime, at: t0)
    let steps: [(CookAction, Instant, (inout Run, Instant) throws -> Change)] = [
      (.pause, t0 + minute, { try $0.pause(at: $1) }),
      (.add, t0 + 2 * minute, { try $0.add(minute, at: $1) }),
      (.resume, t0 + 3 * minute, { try $0.resume(at: $1) }),
      (.stop, t0 + 30 * minute, { try $0.stop(at: $1) }),
    ]
    for (action, at, apply) in steps {
      moments += ActivityPushes.leftAlone(
        run, lifetime: &lifetime, after: run.lastChange, through: at)
      run = run.settled(at: at).run
      _ = try apply(&run, at)
      moments += ActivityPushes.change(run, cause: .cook(action), lifetime: &lifetime, at: at)
    }
    var phases: [String] = []
    for (n, moment) in moments.enumerated() {
      let request = try PushRequest.liveActivity(
        moment, timestamp: t0Seconds + Int64(n), topic: topic)
      phases.append(try Phone.push(request.body).aps.contentState.phase)
    }
    // The water (10 min, +1 min added, paused for 2) fires at 13 min: waiting, then stopped.
    #expect(phases == ["running", "paused", "paused", "running", "waiting", "stopped"])
  }

  /// A state of the first contract version — no `nextTimerName`/`nextTimerEndDate`, a
  /// stopped run shown as "finished" — decodes in this one.
  @Test func aFirstVersionStateDecodes() throws {
    let old = #"""
      {"aps": {"event": "update", "timestamp": 1795975200, "content-state": {
        "phase": "finished", "endDate": 817668000, "isPaused": false,
        "remainingWhenPaused": 0, "timerName": "", "timerDuration": 0, "stepNumber": 1,
        "stepCount": 3, "stepName": "Boil the water", "nextStepName": "",
        "otherTimerCount": 0}}}
      """#
    let state = try Phone.push(Data(old.utf8)).aps.contentState
    #expect(state.phase == "finished")
    #expect(state.nextTimerName == nil)
    #expect(state.nextTimerEndDate == nil)
    let oldStart =
      #"{"aps": {"event": "start", "timestamp": 1, "content-state": {"phase": "running", "endDate": 1, "isPaused": false, "remainingWhenPaused": 0, "timerName": "", "timerDuration": 0, "stepNumber": 1, "stepCount": 1, "stepName": "", "nextStepName": "", "otherTimerCount": 0}, "attributes": {"recipeName": "Tea"}}}"#
    #expect(try Phone.push(Data(oldStart.utf8)).aps.attributes?.runId == nil)
  }
}
