import CooktimerCore
import Foundation
import Testing

@testable import CooktimerCLI

/// `begin … until` through the binary on the nights the clocks change (docs/timers.md §3.4), in
/// Berlin, New York and on Lord Howe (a 30-minute shift).
@Suite("Clock times on transition nights")
struct LocalTimeCommandTests {
  /// A sandbox with a run of a recipe whose one timer has no length, started at `now` in `tz`.
  func restRun(_ tz: String, _ now: String) throws -> Sandbox {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "rest", "Let the dough ~rest.\n")
    let started = try box.run(["start", "rest", "--now", now], extraEnvironment: ["TZ": tz])
    #expect(started.status == 0, "\(started.stderr)")
    return box
  }

  struct FallBack: Sendable, CustomTestStringConvertible {
    var tz: String
    var now: String
    var until: String
    var end: String
    var length: String
    var note: String
    var testDescription: String { tz }
  }

  /// 20 minutes before the wall time comes round again, after the clocks went back: the timer
  /// runs 20 minutes, not a day and 20 minutes, and says which of the two it is.
  @Test(arguments: [
    FallBack(
      tz: "Europe/Berlin", now: "2026-10-25T01:10:00Z", until: "02:30",
      end: "2026-10-25T01:30:00.000Z", length: "20:00",
      note: "02:30:00 happens twice that night: this is the second (UTC+01:00)"),
    FallBack(
      tz: "Europe/Berlin", now: "2026-10-25T00:10:00Z", until: "02:30",
      end: "2026-10-25T00:30:00.000Z", length: "20:00",
      note: "02:30:00 happens twice that night: this is the first (UTC+02:00)"),
    FallBack(
      tz: "America/New_York", now: "2026-11-01T06:10:00Z", until: "01:30",
      end: "2026-11-01T06:30:00.000Z", length: "20:00",
      note: "01:30:00 happens twice that night: this is the second (UTC-05:00)"),
    FallBack(
      tz: "Australia/Lord_Howe", now: "2026-04-04T15:05:00Z", until: "01:55",
      end: "2026-04-04T15:25:00.000Z", length: "20:00",
      note: "01:55:00 happens twice that night: this is the second (UTC+10:30)"),
  ])
  func untilOnTheFallBackNight(_ c: FallBack) throws {
    let box = try restRun(c.tz, c.now)
    let env = ["TZ": c.tz]
    let r = try box.run(["begin", "rest", "until", c.until, "--now", c.now], extraEnvironment: env)
    #expect(r.status == 0, "\(r.stderr)")
    let lines = r.stdout.split(separator: "\n").dropFirst().map(String.init)
    #expect(lines == ["  ⏱ rest started: \(c.length)", "  \(c.note)"])
    let status = try box.run(["status", "--json", "--now", c.now], extraEnvironment: env)
    let json = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
    let runs = try #require(json?["runs"] as? [[String: Any]])
    let timers = try #require(runs.first?["timers"] as? [[String: Any]])
    #expect(timers.first?["endDate"] as? String == c.end)
  }

  /// In the repeated hour `status` shows the end with its UTC offset.
  @Test func statusShowsTheOffsetOfARepeatedEnd() throws {
    let box = try restRun("Europe/Berlin", "2026-10-25T01:10:00Z")
    let env = ["TZ": "Europe/Berlin"]
    try box.run(
      ["begin", "rest", "until", "02:30", "--now", "2026-10-25T01:10:00Z"], extraEnvironment: env)
    let r = try box.run(["status", "--now", "2026-10-25T01:11:00Z"], extraEnvironment: env)
    #expect(
      r.stdout.contains("  1  rest  running  19:00  ends 02:30:00 UTC+01:00\n"), "\(r.stdout)")
  }

  /// A time the clocks skip that night is refused (exit 64) saying so, in each zone.
  @Test(arguments: [
    (
      "Europe/Berlin", "2026-03-29T00:50:00Z", "02:30",
      "2:30 does not exist on 2026-03-29 in Europe/Berlin"
    ),
    (
      "America/New_York", "2026-03-08T06:50:00Z", "02:30",
      "2:30 does not exist on 2026-03-08 in America/New_York"
    ),
    (
      "Australia/Lord_Howe", "2026-10-03T15:20:00Z", "02:15",
      "2:15 does not exist on 2026-10-04 in Australia/Lord_Howe"
    ),
  ])
  func untilASkippedTimeIsRefused(tz: String, now: String, until: String, says: String) throws {
    let box = try restRun(tz, now)
    let r = try box.run(
      ["begin", "rest", "until", until, "--now", now], extraEnvironment: ["TZ": tz])
    #expect(r.status == 64)
    #expect(
      r.stderr
        == "cooktimer: \(says) (clocks go forward): type a time after the change\n")
  }

  /// `--now`/`--start` local times use the same resolver: the earlier of a repeated time, a
  /// skipped one refused with the same words.
  @Test func localInstantsUseTheSameResolver() throws {
    let lordHowe = try #require(TimeZone(identifier: "Australia/Lord_Howe"))
    // 01:45 on 2026-04-05 happens at +11:00 (14:45Z) and again at +10:30 (15:15Z).
    #expect(
      try parseInstant("2026-04-05T01:45:00.250", zone: lordHowe)
        == Instant(unixMilliseconds: 1_775_313_900_250))
    #expect(
      throws: CoreError.invalidTime(
        input: "2026-10-04T02:15",
        message:
          "2:15 does not exist on 2026-10-04 in Australia/Lord_Howe (clocks go forward): type a time after the change"
      )
    ) { try parseInstant("2026-10-04T02:15", zone: lordHowe) }
    let newYork = try #require(TimeZone(identifier: "America/New_York"))
    #expect(
      try parseInstant("2026-11-01T01:30", zone: newYork)
        == Instant(unixMilliseconds: 1_793_511_000_000))  // 05:30Z, EDT
  }
}
