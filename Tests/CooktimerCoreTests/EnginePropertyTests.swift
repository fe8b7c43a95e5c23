import CooktimerCore
import CooktimerTestSupport
import Testing

/// Seeded random sequences: no time is ever lost, and invariants hold after every change.
@Suite struct EnginePropertyTests {
  @Test func aHundredPauseResumeCyclesLoseNoTime() throws {
    var rng = SplitMix64(seed: 0x5EED)
    let duration: Int64 = 3 * 3_600_000
    var run = try singleTimerRun(duration)
    var now = t0
    var paused: Int64 = 0
    for _ in 0..<100 {
      now = now + Int64.random(in: 1...60_000, using: &rng)
      _ = try run.pause(at: now)
      let pause = Int64.random(in: 1...30_000, using: &rng)
      now = now + pause
      paused += pause
      _ = try run.resume(at: now)
    }
    #expect(run.endDate(ofTimer: 0) == t0 + duration + paused)
    let end = t0 + duration + paused
    #expect(run.states(at: end - 1) == [.running(endDate: end)])
    #expect(run.timersFiring(after: now, through: end) == [0])
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func aSingleTimerEndsAtStartPlusDurationPausesAndAdditions(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let duration: Int64 = ms(m: 90)
    var run = try singleTimerRun(duration)
    var now = t0
    var paused: Int64 = 0
    var added: Int64 = 0
    var pausedSince: Instant?
    for _ in 0..<200 {
      now = now + Int64.random(in: 0...20_000, using: &rng)
      switch Int.random(in: 0..<4, using: &rng) {
      case 0:
        let change = try run.pause(at: now)
        if change.changedState { pausedSince = now }
      case 1:
        let change = try run.resume(at: now)
        if change.changedState, let since = pausedSince {
          paused += now - since
          pausedSince = nil
        }
      default:
        let amount = Int64.random(in: -30_000...30_000, using: &rng)
        if (try? run.add(amount, at: now)) != nil { added += amount }
      }
      for probe in [now, now + 999, now + 60_000] {
        let left = run.settled(at: probe).run.remaining(ofTimer: 0, at: probe)
        #expect((left ?? 0) >= 0)
      }
    }
    if let since = pausedSince {
      _ = try run.resume(at: now)
      paused += now - since
    }
    #expect(run.timers[0].added == added)
    #expect(run.endDate(ofTimer: 0) == t0 + duration + paused + added)
  }

  @Test(arguments: [11, 12, 13, 14, 15, 16] as [UInt64])
  func randomOperationsKeepTheInvariants(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let steps: [[TimerSpec]] = [
      [timerSpec("a", ms(m: 3)), timerSpec("b", ms(m: 2), .afterPrevious)],
      [timerSpec("c", ms(m: 4)), timerSpec("d", ms(m: 1), .withPrevious)],
      [],
      [timerSpec("e", ms(m: 7)), timerSpec("f", ms(m: 5), .alternativeToPrevious)],
      [timerSpec("g", nil), timerSpec("h", ms(m: 2), .afterPrevious)],
      [timerSpec("i", ms(m: 1))],
    ]
    var run = try started(engineRecipe(steps), autoAdvance: seed % 2 == 0)
    var now = t0
    var changes = 0
    for _ in 0..<300 {
      // Mostly forward, sometimes backwards in time (taken as lastChange).
      now = now + Int64.random(in: -5_000...40_000, using: &rng)
      let operation = EngineOperation.allCases.filter { $0 != .stop }.randomElement(using: &rng)!
      let t = Int.random(in: 0..<max(1, run.timers.count), using: &rng)
      let before = run
      do {
        let change = try operation.apply(to: &run, at: now, timer: t)
        if change.changedState { changes += 1 } else { #expect(run == before) }
        #expect(change.events.allSatisfy { $0.at == max(now, before.lastChange) || $0.at <= now })
        #expect(run.lastChange >= before.lastChange)
      } catch {
        #expect(run == before)
      }
      try checkInvariants(run, at: now)
      if !run.isActive { break }
    }
    #expect(changes >= 10)
  }

  @Test(arguments: [21, 22, 23] as [UInt64])
  func pauseThenResumeAtTheSameInstantChangesNothing(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    var run = try started(
      engineRecipe([
        [timerSpec("a", ms(m: 3)), timerSpec("b", ms(m: 2), .withPrevious)],
        [timerSpec("c", ms(m: 9))],
      ]))
    var now = t0
    for _ in 0..<50 {
      now = now + Int64.random(in: 1...20_000, using: &rng)
      if Bool.random(using: &rng) { _ = try? run.next(at: now) }
      guard run.isActive else { break }
      let settled = run.settled(at: now).run
      var probe = run
      _ = try probe.pause(at: now)
      _ = try probe.resume(at: now)
      #expect(probe.timers == settled.timers)
      #expect(probe.pausedAt == nil)
      #expect(probe.stepIndex == settled.stepIndex)
    }
  }

  private func checkInvariants(_ run: Run, at now: Instant) throws {
    let settled = run.settled(at: now).run
    for candidate in [run, settled] {
      for t in candidate.timers.indices {
        if let left = candidate.remaining(ofTimer: t, at: now) { #expect(left >= 0) }
        if case .paused(let left) = candidate.timers[t].state { #expect(left > 0) }
      }
      let names = candidate.timers.map(\.state.name)
      if candidate.pausedAt != nil {
        #expect(!names.contains("running"))
        #expect(names.contains("paused"))
      } else {
        #expect(!names.contains("paused"))
      }
      #expect(
        (candidate.idleSince == nil) == candidate.timers.contains(where: \.isLive)
          || !candidate.isActive)
      #expect(candidate.timers.allSatisfy { $0.step <= candidate.stepIndex })
      if let shown = candidate.shownTimer { #expect(candidate.timers[shown].isLive) }
      if candidate.phase == .running { #expect(candidate.staleDate != nil) }
    }
    // Nothing stays due after settling.
    if settled.pausedAt == nil, let due = settled.nextDue {
      #expect(due > max(now, run.lastChange))
    }
  }
}
