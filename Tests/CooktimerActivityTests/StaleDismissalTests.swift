import CooktimerActivity
import CooktimerCore
import Testing

/// docs/live-activity.md §3.6 and §5: stale and dismissal dates.
@Suite struct StaleDismissalTests {
  let quick = Recipe(
    title: "Blink", steps: [Step(text: "Wait", timers: [TimerSpec(name: "", duration: 500)])])

  @Test func startStaleDateAtOrBeforeTheTimestampIsLeftOut() throws {
    let run = try startRun(quick)  // fires at …200.75, stale date …201
    let equal = try pushJSON(.start, run, at: t0, timestamp: t0Seconds + 1)
    #expect(equal["aps"]?["stale-date"] == nil)
    let after = try pushJSON(.start, run, at: t0, timestamp: t0Seconds + 2)
    #expect(after["aps"]?["stale-date"] == nil)
    let before = try pushJSON(.start, run, at: t0, timestamp: t0Seconds)
    #expect(before["aps"]?["stale-date"] == .number(Double(t0Seconds + 1)))
  }

  @Test func onlyRunningContentHasAStaleDate() throws {
    var paused = try startRun()
    _ = try paused.pause(at: t0)
    #expect(ActivityContent(run: try startRun(), at: t0).staleDate == t0 + 10 * minute)
    #expect(ActivityContent(run: paused, at: t0).staleDate == nil)
    #expect(ActivityContent(run: try startRun(), at: t0 + hour).staleDate == nil)
    let json = try JSONValue(try ActivityContent(run: paused, at: t0).encoded())
    #expect(json.keys == ["state", "relevanceScore"])
  }

  @Test func dismissalDefaultIsAbsent() throws {
    let body = try pushJSON(.end, try startRun(), at: t0)
    #expect(body["aps"]?["dismissal-date"] == nil)
  }

  @Test func dismissalImmediateIsOneSecondBeforeNow() throws {
    let body = try pushJSON(
      .end, try startRun(), at: t0, timestamp: t0Seconds + 5,
      options: PushOptions(dismissal: .immediate))
    #expect(body["aps"]?["dismissal-date"] == .number(Double(t0Seconds - 1)))
  }

  @Test func dismissalAfterFourHoursIsCappedWithAWarning() throws {
    let request = try PushRequest.liveActivity(
      .end, run: try startRun(), at: t0, timestamp: t0Seconds, topic: topic,
      options: PushOptions(dismissal: .at(t0 + 5 * hour)))
    let body = try JSONValue(request.body)
    #expect(body["aps"]?["dismissal-date"] == .number(Double(t0Seconds + 4 * 3600)))
    #expect(
      request.warnings == [
        "dismissal date 2026-11-29T23:00:00.250Z is more than 4 h after the end; "
          + "capped at 2026-11-29T22:00:00.000Z"
      ])
  }

  @Test func dismissalWithinFourHoursIsKept() throws {
    let request = try PushRequest.liveActivity(
      .end, run: try startRun(), at: t0, timestamp: t0Seconds, topic: topic,
      options: PushOptions(dismissal: .at(t0 + 4 * hour - 250)))
    #expect(
      try JSONValue(request.body)["aps"]?["dismissal-date"] == .number(Double(t0Seconds + 14400)))
    #expect(request.warnings.isEmpty)
  }

  @Test func updatesAndStartsCarryNoDismissalDate() throws {
    let options = PushOptions(dismissal: .immediate)
    #expect(
      try pushJSON(.update, try startRun(), at: t0, options: options)["aps"]?["dismissal-date"]
        == nil)
    #expect(
      try pushJSON(.start, try startRun(), at: t0, options: options)["aps"]?["dismissal-date"]
        == nil)
  }
}
