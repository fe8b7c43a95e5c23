import CooktimerCore
import CooktimerTestSupport
import Testing

/// Changes the run's state refuses, safe retries, and history that never reorders.
@Suite struct EngineRefusalTests {
  @Test func pauseAndResumeRetriesAreSafe() throws {
    var run = try singleTimerRun(90_000)
    #expect(try run.resume(at: t0 + 1).unchanged != nil)
    _ = try run.pause(at: t0 + 2)
    let paused = run
    let again = try run.pause(at: t0 + 3)
    #expect(again.unchanged != nil && again.events.isEmpty && !again.changedState)
    #expect(run == paused)
    var idle = try started(engineRecipe([[]]))
    let before = idle
    #expect(try idle.pause(at: t0 + 1).unchanged != nil)
    #expect(try idle.resume(at: t0 + 1).unchanged != nil)
    #expect(idle == before)
  }

  @Test func refusedChangesLeaveTheRunAsItWasAndCarryThePhase() throws {
    var run = try started(
      engineRecipe([[timerSpec("A", ms(m: 2)), timerSpec("B", ms(m: 3), .afterPrevious)], []]))
    _ = try run.pause(at: t0 + 1_000)
    let paused = run
    for operation in [EngineOperation.next, .skip, .startTimer, .restart] {
      let refused = refusal { () throws(CoreError) in
        try operation.apply(to: &run, at: t0 + 2_000, timer: 1)
      }
      #expect(refused?.phase == .paused, "\(operation)")
      #expect(refused?.message.contains("resume first") == true, "\(operation)")
      #expect(run == paused, "\(operation)")
    }
    _ = try run.stop(at: t0 + 3_000)
    let stopped = run
    for operation in EngineOperation.allCases {
      let refused = refusal { () throws(CoreError) in
        try operation.apply(to: &run, at: t0 + 4_000, timer: 1)
      }
      #expect(refused?.phase == .stopped, "\(operation)")
      #expect(run == stopped, "\(operation)")
    }
  }

  @Test func timerRefusals() throws {
    var run = try started(
      engineRecipe([[timerSpec("A", ms(m: 2)), timerSpec("B", ms(m: 3), .afterPrevious)]]))
    let before = run
    #expect(refusal { () throws(CoreError) in try run.skipTimer(7, at: t0) }?.phase == .running)
    #expect(refusal { () throws(CoreError) in try run.startTimer(0, at: t0) } != nil)  // running
    #expect(refusal { () throws(CoreError) in try run.startTimer(1, duration: 0, at: t0) } != nil)
    #expect(refusal { () throws(CoreError) in try run.startTimer(1, duration: -5, at: t0) } != nil)
    #expect(
      refusal { () throws(CoreError) in try run.startTimer(1, duration: .max, at: t0) } != nil)
    #expect(run == before)
    _ = try run.cancelTimer(0, at: t0 + 1)
    #expect(refusal { () throws(CoreError) in try run.cancelTimer(0, at: t0 + 2) } != nil)
    #expect(refusal { () throws(CoreError) in try run.skipTimer(0, at: t0 + 2) } != nil)
    // No live timer: nothing to add to.
    let idle = refusal { () throws(CoreError) in try run.add(1_000, at: t0 + 2) }
    #expect(idle?.phase == .waiting)
  }

  @Test func aRecipeWithoutStepsIsRefused() {
    #expect(throws: CoreError.self) { try Run.start(id: "x", recipe: engineRecipe([]), at: t0) }
  }

  @Test func anEarlierNowIsTakenAsTheLastChange() throws {
    var run = try singleTimerRun(90_000)
    _ = try run.pause(at: t0 + 30_000)
    let change = try run.resume(at: t0 + 10_000)  // earlier than the pause
    #expect(change.events == [RunEvent(kind: .resumed, at: t0 + 30_000, step: 0, amount: 0)])
    #expect(run.timers[0].state == .running(endDate: t0 + 90_000))
    #expect(run.lastChange == t0 + 30_000)
    _ = try run.add(5_000, at: t0)
    #expect(run.endDate(ofTimer: 0) == t0 + 95_000)
    #expect(run.settled(at: t0).run == run)
    #expect(run.events(after: t0 - 1_000, through: t0 + 1_000).isEmpty)
  }
}
