import CooktimerCore
import CooktimerService
import CooktimerTestSupport
import Foundation
import Testing

/// The one rule of "what fired" (issue 24): timers that fired in (after, through].
@Suite("What fired")
struct FiredTimersTests {
  @Test func aTimerFiresOnceAtItsEndDate() throws {
    let kitchen = try Kitchen()
    let run = try kitchen.service.start(try Kitchen.recipe("tea"), autoAdvance: false, at: t0)
    let end = t0 + 3 * minute
    #expect(FiredTimers.of(run, after: t0, through: end - 1) == [])
    #expect(FiredTimers.of(run, after: t0, through: end) == [FiredTimer(timer: 0, at: end)])
    #expect(
      FiredTimers.of(run, after: end - 1, through: end + hour) == [FiredTimer(timer: 0, at: end)])
    // Told already: a span that starts at the fire has nothing new.
    #expect(FiredTimers.of(run, after: end, through: end + hour) == [])
  }

  @Test func aFireRecordedByALaterChangeStillCountsAndAPausedTimerDoesNot() throws {
    let kitchen = try Kitchen()
    let service = kitchen.service
    let tea = try Kitchen.recipe("tea")
    let run = try service.start(tea, autoAdvance: false, at: t0)
    // `next` after the fire ends the one-step run: the stored run holds the fire already.
    let finished = try service.perform(.next, on: run.id, at: t0 + 4 * minute).run
    #expect(finished.phase == .finished)
    #expect(
      FiredTimers.of(finished, after: t0, through: t0 + 4 * minute) == [
        FiredTimer(timer: 0, at: t0 + 3 * minute)
      ])
    #expect(FiredTimers.of(finished, after: t0 + 3 * minute, through: t0 + hour) == [])
    let other = try service.start(tea, autoAdvance: false, at: t0)
    let paused = try service.perform(.pause, on: other.id, at: t0 + minute).run
    #expect(FiredTimers.of(paused, after: t0, through: t0 + hour) == [])
  }
}
