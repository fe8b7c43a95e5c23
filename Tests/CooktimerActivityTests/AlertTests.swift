import CooktimerActivity
import CooktimerCore
import Testing

/// Alerts say what happened and what to do next; running and paused updates stay silent.
@Suite struct AlertTests {
  func alert(_ event: PushEvent, _ run: Run, at now: Instant) throws -> JSONValue? {
    try pushJSON(event, run, at: now)["aps"]?["alert"]
  }

  @Test func startSaysWhatToDoFirst() throws {
    #expect(
      try alert(.start, try startRun(), at: t0)
        == (try JSONValue(
          #"""
          {"title": "Spaghetti — started", "body": "Step 1 of 3: Boil the water",
           "sound": "default"}
          """#)))
  }

  @Test func anUntimedStepReachedByNextNamesTheStep() throws {
    var run = try startRun()
    _ = try run.next(at: t0 + 11 * minute)
    _ = try run.next(at: t0 + 25 * minute)
    #expect(
      try alert(.update, run, at: t0 + 25 * minute)
        == (try JSONValue(
          #"""
          {"title": "Spaghetti — step 3 of 3",
           "body": "Step 3 of 3: Drain and serve — time to finish", "sound": "default"}
          """#)))
  }

  @Test func anUnnamedTimerIsCalledTimer() throws {
    let recipe = Recipe(
      title: "Tea", steps: [Step(text: "Steep", timers: [TimerSpec(name: "", duration: minute)])])
    let title = try alert(.update, try startRun(recipe), at: t0 + minute)?["title"]
    #expect(title == .string("Tea — timer done"))
  }

  @Test func finishedSaysDone() throws {
    var run = try startRun()
    for _ in 0..<3 { _ = try run.next(at: t0) }
    let expected = try JSONValue(
      #"{"title": "Spaghetti — done", "body": "All 3 steps done.", "sound": "default"}"#)
    #expect(try alert(.update, run, at: t0) == expected)
    #expect(try alert(.end, run, at: t0) == expected)
  }

  /// A stopped run did not get through the recipe: the Lock Screen says where it stopped.
  @Test func stoppedSaysWhereItStopped() throws {
    var run = try startRun()
    _ = try run.stop(at: t0)
    let expected = try JSONValue(
      #"{"title": "Spaghetti — stopped", "body": "Stopped at step 1 of 3.", "sound": "default"}"#)
    #expect(try alert(.end, run, at: t0) == expected)
  }

  @Test func runningAndPausedUpdatesAreSilent() throws {
    var paused = try startRun()
    _ = try paused.pause(at: t0)
    #expect(try alert(.update, try startRun(), at: t0) == nil)
    #expect(try alert(.update, paused, at: t0) == nil)
  }

  @Test func refusedErrorsKeepTheEngineMessage() {
    let error = ActivityError.refused(
      .refused(runID: "plan", phase: .finished, message: "recipe \"X\" has no steps to run"))
    #expect(error.description == "recipe \"X\" has no steps to run")
  }
}
