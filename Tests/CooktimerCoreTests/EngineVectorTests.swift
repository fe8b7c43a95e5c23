import CooktimerCore
import CooktimerTestSupport
import Foundation
import Testing

/// docs/timers.md §5 test vectors and pause/resume/add at sub-second moments.
@Suite struct EngineVectorTests {
  @Test func pausedAndResumedNinetySecondTimerFiresAt99_6() throws {
    var run = try singleTimerRun(90_000)
    _ = try run.pause(at: t0 + 30_400)
    #expect(run.timers[0].state == .paused(remaining: 59_600))
    _ = try run.resume(at: t0 + 40_000)
    #expect(run.timers[0].state == .running(endDate: t0 + 99_600))
    #expect(run.states(at: t0 + 99_599) == [.running(endDate: t0 + 99_600)])
    #expect(run.states(at: t0 + 99_600) == [.fired(at: t0 + 99_600)])
    #expect(run.timersFiring(after: t0 + 40_000, through: t0 + 100_000) == [0])
  }

  @Test func fiveMinutesPausedAt2_00_4HasTwoMinutes59_6LeftAtTen() throws {
    var run = try singleTimerRun(ms(m: 5))
    _ = try run.pause(at: t0 + ms(m: 2, ms: 400))
    let later = run.settled(at: t0 + ms(m: 10)).run
    #expect(later.phase == .paused)
    #expect(later.remaining(ofTimer: 0, at: t0 + ms(m: 10)) == ms(m: 2, s: 59, ms: 600))
    #expect(later.endDate(ofTimer: 0) == t0 + ms(m: 5))
    #expect(later.staleDate == nil)
    _ = try run.resume(at: t0 + ms(m: 10))
    #expect(run.endDate(ofTimer: 0) == t0 + ms(m: 12, s: 59, ms: 600))
    #expect(run.staleDate == t0 + ms(m: 12, s: 59, ms: 600))
  }

  @Test func eightMinutesPlusOneMinuteAtOneEndsAtNine() throws {
    var run = try singleTimerRun(ms(m: 8))
    let change = try run.add(ms(m: 1), at: t0 + ms(m: 1))
    #expect(
      change.events == [RunEvent(kind: .added, at: t0 + 60_000, step: 0, timer: 0, amount: 60_000)])
    #expect(run.endDate(ofTimer: 0) == t0 + ms(m: 9))
    #expect(run.timers[0].totalDuration == ms(m: 9))
  }

  @Test func tenSecondTimerFiresAtTenExactly() throws {
    let run = try singleTimerRun(10_000)
    #expect(run.settled(at: t0 + 9_999).run.remaining(ofTimer: 0, at: t0 + 9_999) == 1)
    #expect(run.states(at: t0 + 9_999) == [.running(endDate: t0 + 10_000)])
    #expect(run.states(at: t0 + 10_000) == [.fired(at: t0 + 10_000)])
    #expect(run.phase(at: t0 + 10_000) == .waiting)
    #expect(run.settled(at: t0 + 20_000).run.quietSince == t0 + 10_000)
  }

  @Test(arguments: [1, 999, 1_000, 1_001, 59_999])
  func addWhilePausedMovesTheRemainingAndTheEndDate(addMs: Int64) throws {
    var run = try singleTimerRun(90_000)
    _ = try run.pause(at: t0 + 30_401)
    _ = try run.add(addMs, at: t0 + 35_123)
    #expect(run.timers[0].state == .paused(remaining: 59_599 + addMs))
    #expect(run.endDate(ofTimer: 0) == t0 + 90_000 + addMs)
    _ = try run.resume(at: t0 + 40_007)
    #expect(run.endDate(ofTimer: 0) == t0 + 40_007 + 59_599 + addMs)
  }

  @Test func takingAwayTimeMayLeaveOneMillisecondButNotZero() throws {
    var run = try singleTimerRun(90_000)
    let now = t0 + 30_400
    let before = run
    let zero = refusal { () throws(CoreError) in try run.add(-59_600, at: now) }
    #expect(zero?.phase == .running)
    #expect(run == before)
    #expect(refusal { () throws(CoreError) in try run.add(-70_000, at: now) } != nil)
    #expect(refusal { () throws(CoreError) in try run.add(0, at: now) } != nil)
    #expect(refusal { () throws(CoreError) in try run.add(.max, at: now) } != nil)
    #expect(refusal { () throws(CoreError) in try run.add(.min, at: now) } != nil)
    #expect(run == before)
    _ = try run.add(-59_599, at: now)
    #expect(run.endDate(ofTimer: 0) == now + 1)
    #expect(run.states(at: now + 1) == [.fired(at: now + 1)])
  }

  @Test func pauseThenResumeAtTheSameInstantChangesNoEndDate() throws {
    var run = try singleTimerRun(90_000)
    _ = try run.pause(at: t0 + 12_345)
    _ = try run.resume(at: t0 + 12_345)
    #expect(run.timers[0].state == .running(endDate: t0 + 90_000))
  }

  @Test func twoHourTimerAcrossTheBerlinFallBackLastsExactlySevenMillionTwoHundredThousand()
    throws
  {
    // 2026-10-25T00:30:00Z = 02:30 CEST in Berlin; clocks fall back at 01:00Z.
    let start = Instant(unixMilliseconds: 1_792_888_200_000)
    let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
    let run = try singleTimerRun(7_200_000, at: start)
    let end = try #require(run.endDate(ofTimer: 0))
    #expect(end == Instant(unixMilliseconds: 1_792_895_400_000))
    #expect(end - start == 7_200_000)
    // The wall clock in Berlin moves only one hour (02:30 CEST → 03:30 CET).
    #expect(berlin.secondsFromGMT(for: start.date) == 7_200)
    #expect(berlin.secondsFromGMT(for: end.date) == 3_600)
    #expect(run.states(at: end - 1) == [.running(endDate: end)])
    #expect(run.states(at: end) == [.fired(at: end)])
  }
}
