import CooktimerCore
import CooktimerTestSupport
import Testing

/// `begin sN`: a duration the step names in words started as a timer of the current step.
@Suite struct EngineSuggestedTests {
  /// Step 1 "Bake" with written timer `written` (if any) and suggestion s1 = 15 min; step 2
  /// with suggestion s2 = 3–5 min.
  func recipe(written: [TimerSpec] = []) -> Recipe {
    Recipe(
      title: "Bread",
      steps: [
        Step(
          text: "Bake for 15 minutes.", timers: written,
          suggested: [SuggestedTimer(number: 1, text: "15 minutes", duration: ms(m: 15))]),
        Step(
          text: "Rest 3 to 5 minutes.",
          suggested: [
            SuggestedTimer(
              number: 2, text: "3 to 5 minutes", duration: ms(m: 3), upperDuration: ms(m: 5))
          ]),
      ])
  }

  @Test func beginStartsARunningTimerOfTheStepNamedByItsWords() throws {
    var run = try started(recipe())
    #expect(run.phase == .waiting)
    let change = try run.beginSuggested(1, at: t0 + 10_000)
    #expect(
      change.events == [RunEvent(kind: .timerStarted, at: t0 + 10_000, step: 0, timer: 0)])
    #expect(
      run.timers == [
        RunTimer(
          step: 0, index: 0, name: "15 minutes", duration: ms(m: 15), start: .withStep,
          state: .running(endDate: t0 + 910_000))
      ])
    #expect(run.phase == .running && run.idleSince == nil)
    #expect(run.suggestion(ofTimer: 0)?.label == "s1")
    #expect(run.startableSuggestions.isEmpty)
    #expect(run.shownTimer == 0)
    #expect(run.states(at: t0 + 910_000) == [.fired(at: t0 + 910_000)])
    #expect(run.phase(at: t0 + 910_000) == .waiting)
  }

  @Test func itGoesAfterTheWrittenTimersAndDoesNotHoldUpAutoAdvance() throws {
    var run = try started(recipe(written: [timerSpec("oven", ms(m: 10))]), autoAdvance: true)
    _ = try run.beginSuggested(1, at: t0 + 60_000)
    #expect(run.timers.map(\.index) == [0, 1])
    #expect(run.suggestion(ofTimer: 0) == nil && run.suggestion(ofTimer: 1)?.number == 1)
    // The oven fires at 10:00 and the step advances; the suggestion runs on into step 2.
    let later = run.settled(at: t0 + ms(m: 10)).run
    #expect(later.stepIndex == 1)
    #expect(
      later.timers.map(\.state) == [
        .fired(at: t0 + ms(m: 10)), .running(endDate: t0 + 60_000 + ms(m: 15)),
      ])
    // Its own firing does not advance step 2.
    let fired = run.settled(at: t0 + ms(m: 16)).run
    #expect(fired.stepIndex == 1 && fired.isActive)
    #expect(fired.timers[1].state == .fired(at: t0 + ms(m: 16)))
  }

  @Test func refusedWhenNotOfTheStepLiveEndedOrPaused() throws {
    var run = try started(recipe())
    func refused(_ number: Int, at now: Instant) -> (phase: RunPhase, message: String)? {
      refusal { () throws(CoreError) in try run.beginSuggested(number, at: now) }
    }
    let other = refused(2, at: t0)
    #expect(other?.message == "s2 is not a suggested timer of step 1 (it has s1)")
    _ = try run.beginSuggested(1, at: t0 + 1_000)
    let twice = refused(1, at: t0 + 2_000)
    #expect(twice?.message == "s1 \"15 minutes\" is running already")
    _ = try run.pause(at: t0 + 3_000)
    let paused = refused(1, at: t0 + 4_000)
    #expect(paused?.message == "cannot begin s1: r1 is paused; resume first")
    _ = try run.stop(at: t0 + 5_000)
    let stopped = refused(1, at: t0 + 6_000)
    #expect(stopped?.phase == .stopped)
    run = try started(engineRecipe([[]]))
    let none = refused(1, at: t0)
    #expect(none?.message == "s1 is not a suggested timer of step 1 (it has none)")
  }

  @Test func anEndedSuggestionStartsAgainInItsPlace() throws {
    var run = try started(recipe())
    _ = try run.beginSuggested(1, at: t0)
    _ = try run.cancelTimer(0, at: t0 + 5_000)
    #expect(run.startableSuggestions.map(\.label) == ["s1"])
    let change = try run.beginSuggested(1, at: t0 + 6_000)
    #expect(change.events == [RunEvent(kind: .timerStarted, at: t0 + 6_000, step: 0, timer: 0)])
    #expect(run.timers.count == 1)
    #expect(run.timers[0].state == .running(endDate: t0 + 6_000 + ms(m: 15)))
  }

  @Test func theNextStepOffersItsOwnRangeFromTheLowerBound() throws {
    var run = try started(recipe())
    _ = try run.next(at: t0 + 1_000)
    #expect(run.startableSuggestions.map(\.label) == ["s2"])
    _ = try run.beginSuggested(2, at: t0 + 2_000)
    #expect(run.timers[0].state == .running(endDate: t0 + 2_000 + ms(m: 3)))
    #expect(run.timers[0].step == 1 && run.timers[0].name == "3 to 5 minutes")
  }

  @Test func restartingTheStepCancelsItAndResetsTheWrittenTimers() throws {
    var run = try started(recipe(written: [timerSpec("oven", ms(m: 10))]))
    _ = try run.beginSuggested(1, at: t0 + 1_000)
    let change = try run.restartStep(at: t0 + 2_000)
    #expect(
      change.events == [
        RunEvent(kind: .stepRestarted, at: t0 + 2_000, step: 0),
        RunEvent(kind: .timerCancelled, at: t0 + 2_000, step: 0, timer: 0),
        RunEvent(kind: .timerCancelled, at: t0 + 2_000, step: 0, timer: 1),
        RunEvent(kind: .stepStarted, at: t0 + 2_000, step: 0),
        RunEvent(kind: .timerStarted, at: t0 + 2_000, step: 0, timer: 0),
      ])
    #expect(
      run.timers.map(\.state) == [
        .running(endDate: t0 + 2_000 + ms(m: 10)), .cancelled(at: t0 + 2_000),
      ])
  }

  @Test func suggestionsAreAttachedThroughTheRecipeAndDroppedWhenTheyBecomeTimers() throws {
    let result = Cooklang.parse(
      "Bake for 15 minutes.\n\nRest 3 to 5 minutes, then slice.", file: "Bread.cook")
    let (parsed, document) = (try #require(result.recipe), result.document)
    let attached = SuggestedTimers.attaching(to: parsed, from: document)
    #expect(attached.steps.map(\.suggested) == recipe().steps.map(\.suggested))
    let asTimers = SuggestedTimers.adding(to: attached, from: document)
    #expect(asTimers.steps.map(\.suggested.count) == [0, 0])
    #expect(asTimers.steps.map(\.timers.count) == [1, 1])
  }
}
