import CooktimerCore
import CooktimerTestSupport
import Testing

/// Several timers in one step (sequential, while, or) and timers that outlive their step.
@Suite struct EngineMultiTimerTests {
  @Test func timersOfAStepRunOneAfterAnother() throws {
    let run = try started(
      engineRecipe([[timerSpec("fry", ms(m: 5)), timerSpec("turn", ms(m: 3), .afterPrevious)]]))
    #expect(run.timers.map(\.state) == [.running(endDate: t0 + ms(m: 5)), .waiting])
    let later = run.settled(at: t0 + ms(m: 6))
    #expect(
      later.run.timers.map(\.state) == [
        .fired(at: t0 + ms(m: 5)), .running(endDate: t0 + ms(m: 8)),
      ])
    #expect(
      later.events == [
        RunEvent(kind: .timerFired, at: t0 + ms(m: 5), step: 0, timer: 0),
        RunEvent(kind: .timerStarted, at: t0 + ms(m: 5), step: 0, timer: 1),
      ])
    #expect(run.phase(at: t0 + ms(m: 8)) == .waiting)
    #expect(run.settled(at: t0 + ms(m: 9)).run.quietSince == t0 + ms(m: 8))
  }

  @Test func whileTimersStartTogether() throws {
    let run = try started(
      engineRecipe([[timerSpec("pasta", ms(m: 10)), timerSpec("sauce", ms(m: 8), .withPrevious)]]))
    #expect(
      run.timers.map(\.state) == [
        .running(endDate: t0 + ms(m: 10)), .running(endDate: t0 + ms(m: 8)),
      ])
    #expect(run.shownTimer == 1)
    #expect(run.otherLiveTimerCount == 1)
    #expect(run.settled(at: t0 + ms(m: 8)).run.shownTimer == 0)
  }

  @Test func anAlternativeIsSetAsideAndTheCookCanSwitchToIt() throws {
    var run = try started(
      engineRecipe([
        [timerSpec("low", ms(m: 420)), timerSpec("high", ms(m: 240), .alternativeToPrevious)]
      ]))
    #expect(run.timers.map(\.state) == [.running(endDate: t0 + ms(m: 420)), .skipped(at: t0)])
    let change = try run.startTimer(1, at: t0 + ms(m: 1))
    #expect(
      change.events == [
        RunEvent(kind: .timerSkipped, at: t0 + ms(m: 1), step: 0, timer: 0),
        RunEvent(kind: .timerStarted, at: t0 + ms(m: 1), step: 0, timer: 1),
      ])
    #expect(
      run.timers.map(\.state) == [.skipped(at: t0 + ms(m: 1)), .running(endDate: t0 + ms(m: 241))])
    // And back again.
    _ = try run.startTimer(0, at: t0 + ms(m: 2))
    #expect(
      run.timers.map(\.state) == [.running(endDate: t0 + ms(m: 422)), .skipped(at: t0 + ms(m: 2))])
  }

  @Test func aTimerAfterAlternativesFollowsTheOneUsed() throws {
    var run = try started(
      engineRecipe([
        [
          timerSpec("low", ms(m: 10)), timerSpec("high", ms(m: 4), .alternativeToPrevious),
          timerSpec("rest", ms(m: 1), .afterPrevious),
        ]
      ]))
    _ = try run.startTimer(1, at: t0)
    let at5 = run.settled(at: t0 + ms(m: 5)).run
    #expect(
      at5.timers.map(\.state) == [
        .skipped(at: t0), .fired(at: t0 + ms(m: 4)), .fired(at: t0 + ms(m: 5)),
      ])
  }

  @Test func aWhileBThenC() throws {
    // "A while B then C": A and B start together; C starts when B fires.
    let run = try started(
      engineRecipe([
        [
          timerSpec("A", ms(m: 10)), timerSpec("B", ms(m: 4), .withPrevious),
          timerSpec("C", ms(m: 3), .afterPrevious),
        ]
      ]),
      autoAdvance: true)
    #expect(
      run.states(at: t0 + ms(m: 5)) == [
        .running(endDate: t0 + ms(m: 10)), .fired(at: t0 + ms(m: 4)),
        .running(endDate: t0 + ms(m: 7)),
      ])
    let end = run.settled(at: t0 + ms(m: 11))
    #expect(end.run.status == .finished(at: t0 + ms(m: 10)))
    #expect(
      end.events.map(\.kind) == [.timerFired, .timerStarted, .timerFired, .timerFired, .finished])
  }

  @Test func skippingAWaitingTimerPassesItsTurnOn() throws {
    var run = try started(
      engineRecipe([
        [
          timerSpec("A", ms(m: 2)), timerSpec("B", ms(m: 3), .afterPrevious),
          timerSpec("C", ms(m: 4), .afterPrevious),
        ]
      ]))
    _ = try run.skipTimer(1, at: t0 + ms(m: 1))
    #expect(
      run.states(at: t0 + ms(m: 2)) == [
        .fired(at: t0 + ms(m: 2)), .skipped(at: t0 + ms(m: 1)), .running(endDate: t0 + ms(m: 6)),
      ])
  }

  @Test func skippingALiveTimerStartsTheNextNow() throws {
    var run = try started(
      engineRecipe([[timerSpec("A", ms(m: 2)), timerSpec("B", ms(m: 3), .afterPrevious)]]))
    _ = try run.skipTimer(0, at: t0 + 30_000)
    #expect(
      run.timers.map(\.state) == [.skipped(at: t0 + 30_000), .running(endDate: t0 + 210_000)])
  }

  @Test func aTimerWithoutDurationHoldsTheStepUntilGivenOrSkipped() throws {
    var run = try started(
      engineRecipe([[timerSpec("rest", nil), timerSpec("bake", ms(m: 20), .afterPrevious)]]))
    #expect(run.timers.map(\.state) == [.waiting, .waiting])
    #expect(run.phase == .waiting)
    var given = run
    #expect(
      refusal { () throws(CoreError) in try given.startTimer(0, at: t0) }?.message.contains(
        "needs a duration") == true)
    _ = try given.startTimer(0, duration: ms(m: 5), at: t0 + 1000)
    #expect(
      given.states(at: t0 + ms(m: 6)) == [
        .fired(at: t0 + ms(m: 5, s: 1)), .running(endDate: t0 + ms(m: 25, s: 1)),
      ])
    _ = try run.skipTimer(0, at: t0 + 1000)
    #expect(
      run.timers.map(\.state) == [.skipped(at: t0 + 1000), .running(endDate: t0 + ms(m: 20, s: 1))])
  }

  @Test func aTimerOutlivesItsStepAndStillFires() throws {
    var run = try started(
      engineRecipe([[timerSpec("stock", ms(m: 30))], [timerSpec("onions", ms(m: 5))], []]))
    _ = try run.next(at: t0 + ms(m: 1))
    #expect(run.stepIndex == 1)
    #expect(run.shownTimer == 1)
    _ = try run.next(at: t0 + ms(m: 7))
    let at20 = run.settled(at: t0 + ms(m: 20)).run
    #expect(at20.phase == .running)
    #expect(at20.shownTimer == 0)  // from step 1
    #expect(at20.staleDate == t0 + ms(m: 30))
    let at30 = run.settled(at: t0 + ms(m: 30))
    #expect(at30.events == [RunEvent(kind: .timerFired, at: t0 + ms(m: 30), step: 0, timer: 0)])
    #expect(at30.run.phase == .waiting)
    #expect(at30.run.quietSince == t0 + ms(m: 30))
  }

  @Test func nextSkipsTimersNotStartedYetAndLeavesRunningOnes() throws {
    var run = try started(
      engineRecipe([[timerSpec("A", ms(m: 2)), timerSpec("B", ms(m: 3), .afterPrevious)], []]))
    let change = try run.next(at: t0 + ms(m: 1))
    #expect(
      change.events == [
        RunEvent(kind: .timerSkipped, at: t0 + ms(m: 1), step: 0, timer: 1),
        RunEvent(kind: .stepStarted, at: t0 + ms(m: 1), step: 1),
      ])
    #expect(
      run.states(at: t0 + ms(m: 10)) == [.fired(at: t0 + ms(m: 2)), .skipped(at: t0 + ms(m: 1))])
  }

  @Test func shownTimerTieGoesToTheFirstInTheRecipe() throws {
    var run = try started(engineRecipe([[timerSpec("a", ms(m: 5))], [timerSpec("b", ms(m: 4))]]))
    _ = try run.next(at: t0 + ms(m: 1))
    #expect(run.endDate(ofTimer: 0) == run.endDate(ofTimer: 1))
    #expect(run.shownTimer == 0)
    let fired = run.settled(at: t0 + ms(m: 5)).events
    #expect(fired.map(\.timer) == [0, 1])
    _ = try run.pause(at: t0 + ms(m: 2))
    #expect(run.shownTimer == 0)
  }

  @Test func cancelStopsATimerAndNothingFollowsIt() throws {
    var run = try started(
      engineRecipe([[timerSpec("A", ms(m: 2)), timerSpec("B", ms(m: 3), .afterPrevious)]]),
      autoAdvance: true)
    _ = try run.cancelTimer(0, at: t0 + ms(m: 1))
    #expect(run.timers.map(\.state) == [.cancelled(at: t0 + ms(m: 1)), .waiting])
    #expect(run.phase == .waiting)
    #expect(run.isActive)
    #expect(run.quietSince == t0 + ms(m: 1))
  }

  @Test func cancelWhilePausedEndsThePauseWhenNothingIsLive() throws {
    var run = try started(engineRecipe([[timerSpec("A", ms(m: 2))], []]), autoAdvance: true)
    _ = try run.pause(at: t0 + ms(m: 1))
    _ = try run.cancelTimer(0, at: t0 + ms(m: 1, s: 30))
    #expect(run.pausedAt == nil)
    #expect(run.stepIndex == 0)
    #expect(run.phase == .waiting)
  }

  @Test func restartStepCancelsItsLiveTimersAndStartsAfresh() throws {
    var run = try started(
      engineRecipe([
        [timerSpec("old", ms(m: 30))],
        [timerSpec("A", ms(m: 2)), timerSpec("B", ms(m: 3), .afterPrevious)],
      ]))
    _ = try run.next(at: t0)
    _ = try run.add(60_000, at: t0 + 1)  // to "A", the shown timer
    let change = try run.restartStep(at: t0 + ms(m: 1))
    #expect(
      change.events == [
        RunEvent(kind: .stepRestarted, at: t0 + ms(m: 1), step: 1),
        RunEvent(kind: .timerCancelled, at: t0 + ms(m: 1), step: 1, timer: 1),
        RunEvent(kind: .stepStarted, at: t0 + ms(m: 1), step: 1),
        RunEvent(kind: .timerStarted, at: t0 + ms(m: 1), step: 1, timer: 1),
      ])
    #expect(run.timers.count == 3)
    #expect(
      run.timers.map(\.state) == [
        .running(endDate: t0 + ms(m: 30)), .running(endDate: t0 + ms(m: 3)), .waiting,
      ])
    #expect(run.timers[1].added == 0)
    #expect(run.stepStartedAt == t0 + ms(m: 1))
  }
}
