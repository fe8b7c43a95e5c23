import CooktimerActivity
import CooktimerCore
import Testing

@Suite struct RelevanceTests {
  @Test func theTimerFiringSoonestRanksFirst() throws {
    let soon = ActivityContent(run: try startRun(), at: t0 + 9 * minute).relevanceScore
    let later = ActivityContent(run: try startRun(), at: t0).relevanceScore
    #expect(soon == 99)
    #expect(later == 90)
  }

  @Test func waitingOutranksRunningAndPausedAndFinished() throws {
    var paused = try startRun()
    _ = try paused.pause(at: t0)
    var stopped = try startRun()
    _ = try stopped.stop(at: t0)
    #expect(ActivityContent(run: try startRun(), at: t0 + hour).relevanceScore == 100)
    #expect(ActivityContent(run: paused, at: t0).relevanceScore == 1)
    #expect(ActivityContent(run: stopped, at: t0).relevanceScore == 0)
  }

  @Test func longTimersClampAboveZero() throws {
    let recipe = Recipe(
      title: "Braise",
      steps: [Step(text: "Braise", timers: [TimerSpec(name: "", duration: 5 * hour)])])
    #expect(ActivityContent(run: try startRun(recipe), at: t0).relevanceScore == 2)
  }

  @Test func pushesCarryTheSameScore() throws {
    let body = try pushJSON(.update, try startRun(), at: t0)
    #expect(body["aps"]?["relevance-score"] == .number(90))
  }
}
