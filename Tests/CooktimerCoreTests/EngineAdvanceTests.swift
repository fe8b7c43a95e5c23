import CooktimerCore
import CooktimerTestSupport
import Testing

/// Steps: auto-advance across downtime, next on the last step, long recipes.
@Suite struct EngineAdvanceTests {
  /// Step 1: 10 min; step 2: 5 min then 3 min; step 3: untimed; step 4: 20 min.
  let dinner = engineRecipe([
    [timerSpec("boil", ms(m: 10))],
    [timerSpec("fry", ms(m: 5)), timerSpec("turn", ms(m: 3), .afterPrevious)],
    [],
    [timerSpec("bake", ms(m: 20))],
  ])

  @Test func aRunLeftAloneForAnHourAutoAdvancesAtExactInstants() throws {
    let run = try started(dinner, autoAdvance: true)
    let hour = run.settled(at: t0 + ms(m: 60))
    #expect(hour.run.stepIndex == 2)
    #expect(hour.run.stepStartedAt == t0 + ms(m: 18))
    #expect(hour.run.phase == .waiting)
    #expect(hour.run.quietSince == t0 + ms(m: 18))
    #expect(
      hour.run.timers.map(\.state) == [
        .fired(at: t0 + ms(m: 10)), .fired(at: t0 + ms(m: 15)), .fired(at: t0 + ms(m: 18)),
      ])
    #expect(
      hour.events == [
        RunEvent(kind: .timerFired, at: t0 + ms(m: 10), step: 0, timer: 0),
        RunEvent(kind: .stepStarted, at: t0 + ms(m: 10), step: 1),
        RunEvent(kind: .timerStarted, at: t0 + ms(m: 10), step: 1, timer: 1),
        RunEvent(kind: .timerFired, at: t0 + ms(m: 15), step: 1, timer: 1),
        RunEvent(kind: .timerStarted, at: t0 + ms(m: 15), step: 1, timer: 2),
        RunEvent(kind: .timerFired, at: t0 + ms(m: 18), step: 1, timer: 2),
        RunEvent(kind: .stepStarted, at: t0 + ms(m: 18), step: 2),
      ])
    // The same, asked in small slices, gives the same events.
    var sliced: [RunEvent] = []
    var from = t0
    for minute in stride(from: Int64(7), through: 60, by: 7) {
      sliced += run.events(after: from, through: t0 + ms(m: minute))
      from = t0 + ms(m: minute)
    }
    sliced += run.events(after: from, through: t0 + ms(m: 60))
    #expect(sliced == hour.events)
    #expect(run.timersFiring(after: t0 + ms(m: 10), through: t0 + ms(m: 60)) == [1, 2])
  }

  @Test func withoutAutoAdvanceAStepWaitsForTheCook() throws {
    let run = try started(dinner)
    let later = run.settled(at: t0 + ms(m: 60)).run
    #expect(later.stepIndex == 0)
    #expect(later.phase == .waiting)
    #expect(later.quietSince == t0 + ms(m: 10))
  }

  @Test func theLastTimerOfTheLastStepFinishesAnAutoAdvancingRun() throws {
    var run = try started(dinner, autoAdvance: true)
    _ = try run.next(at: t0 + ms(m: 30))  // leave the untimed step
    #expect(run.stepIndex == 3)
    let end = run.settled(at: t0 + ms(m: 100))
    #expect(end.run.status == .finished(at: t0 + ms(m: 50)))
    #expect(end.run.phase == .finished)
    #expect(end.run.quietSince == t0 + ms(m: 50))
    #expect(end.events.last == RunEvent(kind: .finished, at: t0 + ms(m: 50), step: 3))
  }

  @Test func nextOnTheLastStepFinishesAndCancelsLiveTimers() throws {
    var run = try started(
      engineRecipe([
        [timerSpec("stock", ms(m: 60))],
        [timerSpec("A", ms(m: 2)), timerSpec("B", ms(m: 3), .afterPrevious)],
      ]))
    _ = try run.next(at: t0 + ms(m: 1))
    let change = try run.next(at: t0 + ms(m: 2))
    let at = t0 + ms(m: 2)
    #expect(
      change.events == [
        RunEvent(kind: .timerSkipped, at: at, step: 1, timer: 2),
        RunEvent(kind: .timerCancelled, at: at, step: 0, timer: 0),
        RunEvent(kind: .timerCancelled, at: at, step: 1, timer: 1),
        RunEvent(kind: .finished, at: at, step: 1),
      ])
    #expect(run.status == .finished(at: at))
    #expect(run.timers.allSatisfy { !$0.isLive })
    #expect(run.stepNumber == 2)  // a finished run shows the step it was on
  }

  @Test func stopCancelsLiveTimersAlsoWhilePaused() throws {
    var run = try started(dinner)
    _ = try run.pause(at: t0 + 1)
    let change = try run.stop(at: t0 + 2)
    #expect(change.events.map(\.kind) == [.timerCancelled, .stopped])
    #expect(run.phase == .stopped)
    #expect(run.pausedAt == nil)
  }

  @Test func fiftyStepsAutoAdvanceStepByStep() throws {
    let steps = (0..<50).map { i in [timerSpec("s\(i)", Int64(i + 1) * 1_001)] }
    let run = try started(engineRecipe(steps), autoAdvance: true)
    let total = (1...50).reduce(Int64(0)) { $0 + Int64($1) * 1_001 }
    let before = run.settled(at: t0 + total - 1).run
    #expect(before.stepIndex == 49)
    #expect(before.remaining(ofTimer: 49, at: t0 + total - 1) == 1)
    let end = run.settled(at: t0 + total)
    #expect(end.run.status == .finished(at: t0 + total))
    #expect(end.events.filter { $0.kind == .timerFired }.count == 50)
    var start = t0
    for i in 0..<50 {
      #expect(end.events.contains(RunEvent(kind: .stepStarted, at: start, step: i)) || i == 0)
      start = start + Int64(i + 1) * 1_001
    }
    #expect(run.timeline(at: t0).done == t0 + total)
  }

  @Test func fiftyStepsByHand() throws {
    var run = try started(engineRecipe(Array(repeating: [timerSpec("", 1_000)], count: 50)))
    for i in 1..<50 { _ = try run.next(at: t0 + Int64(i) * 500) }
    #expect(run.stepIndex == 49)
    #expect(run.timers.filter(\.isLive).count == 2)
    _ = try run.next(at: t0 + 25_000)
    #expect(run.status == .finished(at: t0 + 25_000))
  }

  @Test func aTwentySixHourRecipe() throws {
    let day: Int64 = 26 * 3_600_000
    var run = try started(
      engineRecipe([[timerSpec("proof", day)], [timerSpec("bake", ms(m: 45))]]), autoAdvance: true)
    _ = try run.pause(at: t0 + day / 2)
    _ = try run.resume(at: t0 + day / 2 + 1_234)
    let timeline = run.timeline(at: t0 + day / 2 + 1_234)
    #expect(timeline.done == t0 + day + 1_234 + ms(m: 45))
    let at = run.settled(at: t0 + 2 * day)
    #expect(at.run.status == .finished(at: t0 + day + 1_234 + ms(m: 45)))
  }
}
