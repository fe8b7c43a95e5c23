import CooktimerActivity
import CooktimerCore
import Testing

/// docs/live-activity.md §3.2: exactly the keys APNs knows inside `aps`, per event.
@Suite struct PushKeysTests {
  @Test func startCarriesAttributesAndAsksForAToken() throws {
    let body = try pushJSON(.start, try startRun(), at: t0)
    #expect(body.keys == ["aps"])
    #expect(
      body["aps"]?.keys
        == [
          "event", "timestamp", "content-state", "attributes-type", "attributes", "alert",
          "stale-date", "input-push-token", "relevance-score",
        ])
    #expect(body["aps"]?["event"] == .string("start"))
    #expect(body["aps"]?["attributes-type"] == .string("CookingTimerAttributes"))
    #expect(body["aps"]?["input-push-token"] == .number(1))
  }

  @Test func attributesAreTheStaticAttributesOnly() throws {
    let body = try pushJSON(.start, try startRun(), at: t0, options: PushOptions(activity: 2))
    #expect(
      body["aps"]?["attributes"]
        == (try JSONValue(#"{"recipeName":"Spaghetti","runId":"r1","activity":2}"#)))
  }

  @Test func runningUpdate() throws {
    let body = try pushJSON(.update, try startRun(), at: t0)
    #expect(
      body["aps"]?.keys
        == ["event", "timestamp", "content-state", "stale-date", "relevance-score"])
  }

  @Test func pausedUpdateHasNoStaleDate() throws {
    var run = try startRun()
    _ = try run.pause(at: t0 + minute)
    let body = try pushJSON(.update, run, at: t0 + minute)
    #expect(body["aps"]?.keys == ["event", "timestamp", "content-state", "relevance-score"])
  }

  @Test func waitingUpdateCarriesAnAlert() throws {
    let body = try pushJSON(.update, try startRun(), at: t0 + 10 * minute)
    #expect(
      body["aps"]?.keys == ["event", "timestamp", "content-state", "alert", "relevance-score"])
    #expect(
      body["aps"]?["alert"]
        == (try JSONValue(
          #"""
          {"title": "Spaghetti — water done",
           "body": "Step 1 of 3: Boil the water — time for the next step", "sound": "default"}
          """#)))
  }

  @Test func endOfAStoppedRunWithImmediateDismissal() throws {
    var run = try startRun()
    _ = try run.stop(at: t0 + minute)
    let body = try pushJSON(
      .end, run, at: t0 + minute, options: PushOptions(dismissal: .immediate))
    #expect(
      body["aps"]?.keys
        == ["event", "timestamp", "content-state", "dismissal-date", "relevance-score"])
    #expect(body["aps"]?["dismissal-date"] == .number(Double(t0Seconds + 60 - 1)))
  }

  /// `stop` ends the activity with a short dismissal: a minute after the end.
  @Test func aStoppedRunLeavesTheLockScreenSoon() throws {
    var run = try startRun()
    _ = try run.stop(at: t0 + minute)
    let body = try pushJSON(.end, run, at: t0 + minute, timestamp: t0Seconds + 60)
    // A minute after the end (18:01:00.250 + 60 s), rounded up to whole seconds.
    #expect(body["aps"]?["dismissal-date"] == .number(Double(t0Seconds + 121)))
    #expect(body["aps"]?["content-state"]?["phase"] == .string("stopped"))
  }

  @Test func endOfARunningActivityHasNoStaleDateNorAlert() throws {
    let body = try pushJSON(.end, try startRun(), at: t0)
    #expect(body["aps"]?.keys == ["event", "timestamp", "content-state", "relevance-score"])
  }

  @Test func contentStateHasExactlyTheContractFields() throws {
    let body = try pushJSON(.update, try startRun(), at: t0)
    #expect(
      body["aps"]?["content-state"]
        == (try JSONValue(
          #"""
          {"phase": "running", "endDate": 817668600.25, "isPaused": false,
           "remainingWhenPaused": 0, "timerName": "water", "timerDuration": 600,
           "stepNumber": 1, "stepCount": 3, "stepName": "Boil the water",
           "nextStepName": "Cook the pasta", "otherTimerCount": 0}
          """#)))
  }
}
