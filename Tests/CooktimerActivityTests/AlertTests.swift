import CooktimerActivity
import CooktimerCore
import Testing

/// Alerts say what happened and what to do next; running and paused updates stay silent.
@Suite struct AlertTests {
  func alert(
    _ event: PushEvent, _ run: Run, at now: Instant, _ cause: PushCause? = nil,
    style: AlertStyle = .text
  ) throws -> JSONValue? {
    let options = PushOptions(cause: cause, alertStyle: style)
    return try pushJSON(event, run, at: now, options: options)["aps"]?["alert"]
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

  /// The cook's own `next` onto an untimed step: the card changes, nobody is alerted.
  @Test func theCooksOwnNextIsSilent() throws {
    var run = try startRun()
    _ = try run.next(at: t0 + 11 * minute)
    _ = try run.next(at: t0 + 25 * minute)
    #expect(try alert(.update, run, at: t0 + 25 * minute, .cook(.next)) == nil)
    var stopped = try startRun()
    _ = try stopped.stop(at: t0)
    #expect(try alert(.end, stopped, at: t0, .cook(.stop)) == nil)
  }

  /// A timer that fires into waiting says what to do; on the last step, to finish.
  @Test func aFireIntoWaitingSaysWhatToDo() throws {
    let run = try startRun()
    #expect(
      try alert(.update, run, at: t0 + 10 * minute, .timersFired(["water"]))
        == (try JSONValue(
          #"""
          {"title": "Spaghetti — water done",
           "body": "Step 1 of 3: Boil the water — time for the next step", "sound": "default"}
          """#)))
  }

  @Test func anUnnamedTimerIsCalledTimer() throws {
    let recipe = Recipe(
      title: "Tea", steps: [Step(text: "Steep", timers: [TimerSpec(name: "", duration: minute)])])
    let title = try alert(.update, try startRun(recipe), at: t0 + minute)?["title"]
    #expect(title == .string("Tea — timer done"))
  }

  /// Finished by itself (the last timer fired): "done", with the count of steps.
  @Test func finishedByItselfSaysDone() throws {
    let run = try startRun(pasta, autoAdvance: true)
    let expected = try JSONValue(
      #"{"title": "Spaghetti — Nudeln done", "body": "All 3 steps done.", "sound": "default"}"#)
    let settled = run.settled(at: t0 + 19 * minute).run
    #expect(try alert(.end, settled, at: t0 + 19 * minute, .timersFired(["Nudeln"])) != nil)
    var finished = try startRun()
    for _ in 0..<3 { _ = try finished.next(at: t0) }
    #expect(try alert(.end, finished, at: t0, .timersFired(["Nudeln"])) == expected)
  }

  /// Another timer of the step takes over (the steak's turns): the alert names the next one.
  @Test func aFireWithAnotherTimerRunningNamesIt() throws {
    let steak = Recipe(
      title: "Steak",
      steps: [
        Step(
          text: "Sear",
          timers: [
            TimerSpec(name: "side one", duration: 90_000),
            TimerSpec(name: "side two", duration: 90_000, start: .afterPrevious),
          ])
      ])
    let run = try startRun(steak).settled(at: t0 + 90_000).run
    #expect(
      try alert(.update, run, at: t0 + 90_000, .timersFired(["side one"]))
        == (try JSONValue(
          #"""
          {"title": "Steak — side one done", "body": "Step 1 of 1: Sear — side two is running",
           "sound": "default"}
          """#)))
  }

  /// A German recipe gets German alerts; `loc-keys` sends keys and the recipe's words.
  @Test func alertsSpeakTheRecipesLanguageOrSendKeys() throws {
    let nudeln = Recipe(
      title: "Spaghetti", metadata: [MetadataEntry(key: "locale", value: "de")],
      steps: [Step(text: "Kochen", timers: [TimerSpec(name: "Nudeln", duration: 9 * minute)])])
    let run = try startRun(nudeln)
    #expect(
      try alert(.update, run, at: t0 + 9 * minute, .timersFired(["Nudeln"]))
        == (try JSONValue(
          #"""
          {"title": "Spaghetti — Nudeln fertig",
           "body": "Schritt 1 von 1: Kochen — Zeit zum Abschließen", "sound": "default"}
          """#)))
    #expect(
      try alert(.update, run, at: t0 + 9 * minute, .timersFired(["Nudeln"]), style: .locKeys)
        == (try JSONValue(
          #"""
          {"title": {"loc-key": "COOKTIMER_TIMER_DONE", "loc-args": ["Spaghetti", "Nudeln"]},
           "body": {"loc-key": "COOKTIMER_STEP_FINISH", "loc-args": ["1", "1", "Kochen"]},
           "sound": "default"}
          """#)))
  }

  /// The replacement start near 8 hours alerts (or the phone drops it), without a sound.
  @Test func aReplacementStartAlertsSilently() throws {
    #expect(
      try alert(.start, try startRun(), at: t0, .activityReplaced)
        == (try JSONValue(
          #"{"title": "Spaghetti — still cooking", "body": "Step 1 of 3: Boil the water"}"#)))
    // Even a start whose cause alone would be silent speaks.
    #expect(try alert(.start, try startRun(), at: t0, .cook(.resume)) != nil)
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
