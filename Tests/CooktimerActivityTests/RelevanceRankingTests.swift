import CooktimerActivity
import CooktimerCore
import Testing

/// docs/live-activity.md §3.7: the device's running runs ranked by when their next timer ends
/// (issue 20: two lasagnes scored alone, 40 for the one firing first and 90 for the other).
@Suite struct RelevanceRankingTests {
  @Test func theRunFiringFirstScoresHighestWhateverTheOrderGiven() {
    let ranking = RelevanceRanking(running: [
      ("b", t0 + 60 * minute), ("a", t0 + 40 * minute), ("c", t0 + 50 * minute),
    ])
    #expect(ranking.soonestFirst == ["a", "c", "b"])
    #expect(ranking.runningScore(of: "a") == 99)
    #expect(ranking.runningScore(of: "c") == 98)
    #expect(ranking.runningScore(of: "b") == 97)
  }

  @Test func equalEndsGoByRunID() {
    let ranking = RelevanceRanking(running: [("x2", t0 + minute), ("x1", t0 + minute)])
    #expect(ranking.soonestFirst == ["x1", "x2"])
  }

  /// Past the fifth, every running run scores 2: above paused (1), below every rank.
  @Test func runsPastTheRankedShareTheFloor() {
    let ranking = RelevanceRanking(
      running: (0..<7).map { ("r\($0)", t0 + Int64($0) * minute) })
    #expect((0..<7).map { ranking.runningScore(of: "r\($0)") } == [99, 98, 97, 96, 95, 2, 2])
    #expect(ranking.runningScore(of: "gone") == 2)
  }

  /// A second lasagne that fires first takes 99; the first drops to 98 and needs a push.
  @Test func aRunThatOvertakesMovesTheOtherDown() {
    let before = RelevanceRanking(running: [("a", t0 + 60 * minute)])
    let after = RelevanceRanking(running: [("a", t0 + 60 * minute), ("b", t0 + 40 * minute)])
    #expect(after.rescored(from: before, except: "b") == ["a"])
    #expect(after.runningScore(of: "a") == 98)
  }

  /// A run appended after the others moves nobody: no push but its own.
  @Test func aRunThatFiresLastMovesNobody() {
    let before = RelevanceRanking(running: [("a", t0 + 40 * minute)])
    let after = RelevanceRanking(running: [("a", t0 + 40 * minute), ("b", t0 + 60 * minute)])
    #expect(after.rescored(from: before, except: "b").isEmpty)
  }

  /// A run leaving the order (paused, waiting, ended) moves the later ones up; a run past the
  /// ranked that enters is re-scored too.
  @Test func aRunLeavingMovesTheLaterOnesUp() {
    let all = (0..<6).map { ("r\($0)", t0 + Int64($0) * minute) }
    let before = RelevanceRanking(running: all)
    let after = RelevanceRanking(running: all.filter { $0.0 != "r1" })
    #expect(after.rescored(from: before, except: "r1") == ["r2", "r3", "r4", "r5"])
    #expect(after.runningScore(of: "r5") == 95)
  }

  /// The outbox's running score replaces the minutes rule; other phases score by phase.
  @Test func theRankedScoreStandsOnlyWhileRunning() throws {
    let run = try startRun()
    let state = CookingContentState(run: run, at: t0)
    #expect(state.relevanceScore(at: t0) == 90)
    #expect(state.relevanceScore(at: t0 + 4 * minute) == 94)
    #expect(state.relevanceScore(at: t0, runningScore: 98) == 98)
    #expect(state.relevanceScore(at: t0 + 4 * minute, runningScore: 98) == 98)
    var paused = run
    _ = try paused.pause(at: t0)
    #expect(CookingContentState(run: paused, at: t0).relevanceScore(at: t0, runningScore: 98) == 1)
  }
}

/// A re-score goes at priority 5 outside the budget, with no alert of its own; one that took
/// over a pending fire's update carries its alarm, and that goes at 10 (docs/delivery.md §3).
@Suite struct RescorePriorityTests {
  private func rescore(carrying alert: PushCause? = nil) -> OutboxPush {
    OutboxPush(
      event: .update, cause: .rescored, activity: 1, moment: t0,
      apnsID: "00000000-0000-4000-8000-000000000001",
      priority: PushRule.of(.rescored).priority, expiration: t0Seconds + 3600,
      carriedAlert: alert, runningScore: 98)
  }

  @Test func aReScoreGoesAtFiveWhateverTheBudgetLeft() {
    let budget = PriorityBudget(perHour: 10)
    let rule = PushRule.of(.rescored)
    #expect(
      rule
        == PushRule(
          priority: .consideringDevicePower, alerts: false, sound: false, expiresAfter: 3600))
    #expect(rescore().alertingCause == nil)
    for used in [0, 10] {
      let (priority, reason) = budget.priority(of: rescore(), used: used)
      #expect(priority == .consideringDevicePower)
      #expect(reason == "re-scored: the device's runs changed order")
    }
  }

  @Test func aReScoreCarryingAFireGoesAtTen() {
    let carrying = rescore(carrying: .timersFired(["lasagne"]))
    #expect(carrying.alertingCause == .timersFired(["lasagne"]))
    let (priority, reason) = PriorityBudget(perHour: 10).priority(of: carrying, used: 10)
    #expect(priority == .immediately)
    #expect(reason == "timer fired, carried by a re-score")
  }

  /// The payload keeps the running score and the cause across encoding.
  @Test func thePayloadRoundTrips() throws {
    let push = rescore()
    #expect(OutboxPush.decoded(push.encoded()) == push)
    let text = String(decoding: push.encoded(), as: UTF8.self)
    #expect(text.contains(#""cause":{"kind":"rescored"}"#))
    #expect(text.contains(#""runningScore":98"#))
  }
}
