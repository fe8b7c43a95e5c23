import CooktimerActivity
import CooktimerCore
import Testing

/// docs/live-activity.md §1: every field per phase, exact values.
@Suite struct ContentStateTests {
  @Test func runningShowsTheShownTimer() throws {
    let state = CookingContentState(run: try startRun(), at: t0 + minute)
    #expect(
      state
        == CookingContentState(
          phase: .running, endDate: t0 + 10 * minute, isPaused: false, remainingWhenPaused: 0,
          timerName: "water", timerDuration: 10 * minute, stepNumber: 1, stepCount: 3,
          stepName: "Boil the water", nextStepName: "Cook the pasta", otherTimerCount: 0))
  }

  @Test func pausedKeepsTheEndDateItHadAtPausing() throws {
    var run = try startRun()
    _ = try run.pause(at: t0 + minute)
    let state = CookingContentState(run: run, at: t0 + 5 * minute)
    #expect(state.phase == .paused)
    #expect(state.isPaused)
    #expect(state.endDate == t0 + 10 * minute)
    #expect(state.remainingWhenPaused == 9 * minute)
    // endDate − remainingWhenPaused is the instant of pausing.
    #expect(state.endDate - state.remainingWhenPaused == t0 + minute)
  }

  @Test func addWhilePausedMovesEndDateAndRemaining() throws {
    var run = try startRun()
    _ = try run.pause(at: t0 + minute)
    _ = try run.add(30_000, at: t0 + 2 * minute)
    let state = CookingContentState(run: run, at: t0 + 3 * minute)
    #expect(state.endDate == t0 + 10 * minute + 30_000)
    #expect(state.remainingWhenPaused == 9 * minute + 30_000)
    #expect(state.timerDuration == 10 * minute + 30_000)
    #expect(state.endDate - state.remainingWhenPaused == t0 + minute)
  }

  @Test func resumeCountsFromTheResume() throws {
    var run = try startRun()
    _ = try run.pause(at: t0 + minute)
    _ = try run.resume(at: t0 + 4 * minute)
    let state = CookingContentState(run: run, at: t0 + 4 * minute)
    #expect(state.phase == .running)
    #expect(state.endDate == t0 + 13 * minute)
    #expect(state.remainingWhenPaused == 0)
    #expect(!state.isPaused)
  }

  @Test func waitingAfterTheTimerFiredShowsWhenItFired() throws {
    let state = CookingContentState(run: try startRun(), at: t0 + 12 * minute)
    #expect(state.phase == .waiting)
    #expect(state.endDate == t0 + 10 * minute)
    #expect(state.timerName == "")
    #expect(state.timerDuration == 0)
    #expect(state.stepNumber == 1)
  }

  @Test func waitingAtAnUntimedStepShowsTheStepStart() throws {
    var run = try startRun(autoAdvance: true)
    run = run.settled(at: t0 + 30 * minute).run
    let state = CookingContentState(run: run, at: t0 + 30 * minute)
    #expect(state.phase == .waiting)
    #expect(state.stepNumber == 3)
    #expect(state.endDate == t0 + 19 * minute)
    #expect(state.nextStepName == "")
  }

  @Test func finishedShowsWhenAndTheStepItWasOn() throws {
    var run = try startRun()
    _ = try run.next(at: t0 + 11 * minute)
    _ = try run.next(at: t0 + 25 * minute)
    _ = try run.next(at: t0 + 26 * minute)
    let state = CookingContentState(run: run, at: t0 + 40 * minute)
    #expect(state.phase == .finished)
    #expect(state.endDate == t0 + 26 * minute)
    #expect(state.stepNumber == 3)
    #expect(state.stepName == "Drain and serve")
    #expect(state.nextStepName == "")
  }

  /// A stopped run is not "done" (docs/live-activity.md §1).
  @Test func stoppedShowsAsStopped() throws {
    var run = try startRun()
    _ = try run.stop(at: t0 + 2 * minute)
    let state = CookingContentState(run: run, at: t0 + 3 * minute)
    #expect(state.phase == .stopped)
    #expect(state.endDate == t0 + 2 * minute)
    #expect(state.timerName == "")
    #expect(state.stepName == "Boil the water")
  }

  @Test func theSoonestTimerIsShownAndTheOthersCounted() throws {
    let recipe = Recipe(
      title: "Stew",
      steps: [
        Step(
          text: "Simmer; meanwhile bake",
          timers: [
            TimerSpec(name: "simmer", duration: 20 * minute),
            TimerSpec(name: "bake", duration: 15 * minute, start: .withPrevious),
            TimerSpec(name: "toast", duration: 15 * minute, start: .withPrevious),
          ])
      ])
    let state = CookingContentState(run: try startRun(recipe), at: t0)
    #expect(state.timerName == "bake")  // tie with toast: first in the recipe
    #expect(state.endDate == t0 + 15 * minute)
    #expect(state.otherTimerCount == 2)
    let later = CookingContentState(run: try startRun(recipe), at: t0 + 16 * minute)
    #expect(later.timerName == "simmer")
    #expect(later.otherTimerCount == 0)
  }

  @Test func longStepTextIsShortenedForStepName() throws {
    let text = String(repeating: "stir the sauce ", count: 10)
    let recipe = Recipe(title: "Sauce", steps: [Step(text: text), Step(text: text)])
    let state = CookingContentState(run: try startRun(recipe), at: t0)
    #expect(state.stepName.count <= 80)
    #expect(state.stepName == String(repeating: "stir the sauce ", count: 5) + "stir…")
    #expect(state.nextStepName == state.stepName)
  }
}
