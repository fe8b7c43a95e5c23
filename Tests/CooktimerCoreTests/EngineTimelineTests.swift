import CooktimerCore
import CooktimerTestSupport
import Testing

/// The projected timeline and the stale date.
@Suite struct EngineTimelineTests {
  let dinner = engineRecipe([
    [timerSpec("boil", ms(m: 10))],
    [timerSpec("fry", ms(m: 5)), timerSpec("turn", ms(m: 3), .afterPrevious)],
    [],
    [timerSpec("bake", ms(m: 20))],
  ])

  @Test func autoAdvancingRunWithAnUntimedStep() throws {
    let run = try started(dinner, autoAdvance: true)
    let timeline = run.timeline(at: t0 + ms(m: 2), untimedStep: ms(m: 1))
    #expect(timeline.from == t0 + ms(m: 2))
    #expect(
      timeline.entries == [
        .init(step: 0, start: t0, end: t0 + ms(m: 10), waitsForCook: false),
        .init(step: 1, start: t0 + ms(m: 10), end: t0 + ms(m: 18), waitsForCook: false),
        .init(step: 2, start: t0 + ms(m: 18), end: t0 + ms(m: 19), waitsForCook: true),
        .init(step: 3, start: t0 + ms(m: 19), end: t0 + ms(m: 39), waitsForCook: false),
      ])
    #expect(timeline.done == t0 + ms(m: 39))
    // The timeline is a projection: the run itself is unchanged.
    #expect(run.stepIndex == 0)
  }

  @Test func withoutAutoAdvanceEveryStepWaitsForTheCook() throws {
    let run = try started(dinner)
    let timeline = run.timeline(at: t0, untimedStep: 30_000)
    #expect(
      timeline.entries.map(\.end) == [
        t0 + ms(m: 10, s: 30), t0 + ms(m: 19), t0 + ms(m: 19, s: 30), t0 + ms(m: 40),
      ])
    #expect(timeline.entries.map(\.waitsForCook) == [true, true, true, true])
    #expect(timeline.done == t0 + ms(m: 40))
    #expect(run.timeline(at: t0).done == t0 + ms(m: 38))
  }

  @Test func aPausedRunIsAssumedResumedNow() throws {
    var run = try started(dinner, autoAdvance: true)
    _ = try run.pause(at: t0 + ms(m: 4))
    let timeline = run.timeline(at: t0 + ms(m: 9))
    #expect(
      timeline.entries.first == .init(step: 0, start: t0, end: t0 + ms(m: 15), waitsForCook: false))
    #expect(timeline.done == t0 + ms(m: 43))
  }

  @Test func aTimerOfAnEarlierStepDoesNotHoldTheRecipe() throws {
    var run = try started(
      engineRecipe([[timerSpec("stock", ms(m: 60))], [timerSpec("onions", ms(m: 5))]]),
      autoAdvance: true)
    _ = try run.next(at: t0 + ms(m: 1))
    let timeline = run.timeline(at: t0 + ms(m: 1))
    #expect(
      timeline.entries == [
        .init(step: 1, start: t0 + ms(m: 1), end: t0 + ms(m: 6), waitsForCook: false)
      ])
    #expect(timeline.done == t0 + ms(m: 6))
  }

  @Test func anEndedRunHasNoEntries() throws {
    var run = try started(dinner)
    _ = try run.stop(at: t0 + 5)
    #expect(
      run.timeline(at: t0 + ms(m: 99)) == Timeline(from: t0 + ms(m: 99), entries: [], done: t0 + 5))
  }

  @Test func aFiftyStepTimelineIsQuickAndExact() throws {
    let run = try started(
      engineRecipe(
        Array(repeating: [timerSpec("", 1_000), timerSpec("", 1_000, .withPrevious)], count: 50)))
    let timeline = run.timeline(at: t0, untimedStep: 1)
    #expect(timeline.entries.count == 50)
    #expect(timeline.done == t0 + 50 * 1_001)
  }

  @Test func staleDateIsTheShownTimersEndWhileRunningOnly() throws {
    var run = try started(
      engineRecipe([[timerSpec("a", ms(m: 5)), timerSpec("b", ms(m: 2), .withPrevious)]]))
    #expect(run.staleDate == t0 + ms(m: 2))
    #expect(run.settled(at: t0 + ms(m: 3)).run.staleDate == t0 + ms(m: 5))
    #expect(run.settled(at: t0 + ms(m: 5)).run.staleDate == nil)
    _ = try run.pause(at: t0 + 1)
    #expect(run.staleDate == nil)
  }
}
