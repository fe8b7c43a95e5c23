import CooktimerCore
import Foundation
import Testing

@testable import CooktimerCLI

@Suite("Command parser: one grammar for argv and REPL lines")
struct CommandParserTests {
  @Test func globalOptionsBeforeAndAfterTheCommand() throws {
    let before = try CommandParser.parse(["--json", "--db", "/tmp/x.db", "status", "a1"])
    let after = try CommandParser.parse(["status", "a1", "--db=/tmp/x.db", "--json"])
    #expect(before == after)
    #expect(before.options.database == "/tmp/x.db")
    #expect(before.options.json)
    #expect(before.command == .status(run: "a1"))
  }

  @Test func nowTakesISO8601AndUnixSeconds() throws {
    let iso = try CommandParser.parse(["--now", "2026-11-29T18:00:00.250+01:00", "status"])
    #expect(iso.options.now == Instant(unixMilliseconds: 1_795_971_600_250))
    let unix = try CommandParser.parse(["--now", "@1795975200.25", "status"])
    #expect(unix.options.now == Instant(unixMilliseconds: 1_795_975_200_250))
    let zulu = try CommandParser.parse(["--now", "2026-11-29T18:00:00Z", "status"])
    #expect(zulu.options.now == Instant(unixMilliseconds: 1_795_975_200_000))
  }

  @Test func halfMillisecondsRoundUp() throws {
    let unix = try CommandParser.parse(["--now", "@1795975200.0005", "status"])
    #expect(unix.options.now == Instant(unixMilliseconds: 1_795_975_200_001))
  }

  @Test func addTakesSignedDurations() throws {
    #expect(
      try CommandParser.parse(["add", "-30s"]).command == .add(milliseconds: -30_000, run: nil))
    #expect(
      try CommandParser.parse(["add", "1m", "b2"]).command == .add(milliseconds: 60_000, run: "b2"))
  }

  @Test func recipeNamesMayHaveSpaces() throws {
    let inv = try CommandParser.parse(["start", "Soft", "boiled", "eggs", "--auto-advance"])
    #expect(inv.command == .start(recipe: "Soft boiled eggs", autoAdvance: true))
  }

  @Test func payloadOptions() throws {
    let inv = try CommandParser.parse([
      "payload", "end", "a1", "--dismissal", "immediate", "--priority", "5",
    ])
    #expect(inv.command == .payload(event: .end, run: "a1", dismissal: .immediate, priority: 5))
  }

  @Test func usageErrors() {
    for words in [
      ["frob"], ["status", "a", "b"], ["add"], ["add", "90"],
      ["--priority", "7", "payload", "end"],
      ["payload", "begin"], ["status", "--auto-advance"], ["--bogus"],
      ["--now", "yesterday", "status"],
    ] {
      #expect(throws: (any Error).self, "\(words)") { try CommandParser.parse(words) }
    }
  }

  @Test func replLinesSplitLikeAShell() throws {
    #expect(
      try splitWords("start \"Soft boiled eggs\" --auto-advance") == [
        "start", "Soft boiled eggs", "--auto-advance",
      ])
    #expect(try splitWords("  show  it\\'s  ") == ["show", "it's"])
    #expect(throws: CLIError.self) { try splitWords("show \"open") }
  }

  @Test func fractionsRoundHalfUpFromTheDigits() throws {
    #expect(
      try parseInstant("2026-11-29T18:00:00.1235Z") == Instant(unixMilliseconds: 1_795_975_200_124))
    #expect(
      try parseInstant("2026-11-29T18:00:00.1234Z") == Instant(unixMilliseconds: 1_795_975_200_123))
    #expect(try parseInstant("@1795975200.0005") == Instant(unixMilliseconds: 1_795_975_200_001))
    #expect(try parseInstant("@1795975200.007") == Instant(unixMilliseconds: 1_795_975_200_007))
  }

  @Test func localTimesFollowTheZoneAndItsDSTChanges() throws {
    let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
    #expect(
      try parseInstant("2026-11-29T19:00:00", zone: berlin)
        == Instant(unixMilliseconds: 1_795_975_200_000))
    // Spring forward: 02:30 does not exist on 2026-03-29 in Berlin.
    #expect(throws: CoreError.self) { try parseInstant("2026-03-29T02:30", zone: berlin) }
    // Fall back: 02:30 happens twice on 2026-10-25; the earlier one (CEST, UTC+2) is taken.
    #expect(
      try parseInstant("2026-10-25T02:30", zone: berlin)
        == Instant(unixMilliseconds: 1_792_888_200_000))
  }

  @Test func impossibleTimesAreRefused() {
    for text in [
      "2026-02-30T10:00:00Z", "@99999999999999", "@1e9", "@", "2026-11-29", "18:00", "@1.2.3",
    ] {
      #expect(throws: CoreError.self, "\(text)") { try parseInstant(text) }
    }
  }

  /// Durations and clock times as people type them, unquoted, with or without a RUN after.
  @Test func durationsAndClockTimesSpanSeveralWords() throws {
    #expect(
      try CommandParser.parse(["add", "8", "min"]).command == .add(milliseconds: 480_000, run: nil))
    #expect(
      try CommandParser.parse(["add", "1", "Std.", "k4m"]).command
        == .add(milliseconds: 3_600_000, run: "k4m"))
    #expect(
      try CommandParser.parse(["add", "1", "hour", "30", "minutes"]).command
        == .add(milliseconds: 5_400_000, run: nil))
    #expect(
      try CommandParser.parse(["begin", "rest", "10", "min", "k4m"]).command
        == .begin(timer: "rest", milliseconds: 600_000, until: nil, run: "k4m"))
    #expect(
      try CommandParser.parse(["begin", "rest", "k4m"]).command
        == .begin(timer: "rest", milliseconds: nil, until: nil, run: "k4m"))
    #expect(
      try CommandParser.parse(["begin", "rest", "at", "6:42", "PM", "k4m"]).command
        == .begin(timer: "rest", milliseconds: nil, until: "at 6:42PM", run: "k4m"))
    #expect(
      try CommandParser.parse(["begin", "rest", "until 18:42"]).command
        == .begin(timer: "rest", milliseconds: nil, until: "until 18:42", run: nil))
    #expect(
      try CommandParser.parse(["begin", "rest", "um", "18:42", "Uhr"]).command
        == .begin(timer: "rest", milliseconds: nil, until: "um 18:42 Uhr", run: nil))
    #expect(throws: CoreError.self) { try CommandParser.parse(["add", "8", "xyz", "k4m"]) }
    #expect(throws: CoreError.self) { try CommandParser.parse(["begin", "rest", "90"]) }
  }

  /// docs/timers.md §3.4: the night clocks fall back, 02:30 happens twice; the earlier is taken and
  /// its offset shown.
  @Test func aRepeatedClockTimeSaysWhichOne() throws {
    let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
    let first = Instant(unixMilliseconds: 1_792_888_200_000)  // 2026-10-25T00:30:00Z = 02:30 CEST
    #expect(
      repeatedClockTimeNote(first, zone: berlin)
        == "02:30:00 happens twice that night: this is the first (UTC+02:00)")
    #expect(repeatedClockTimeNote(first + 7_200_000, zone: berlin) == nil)  // 03:30 CET
    #expect(
      repeatedClockTimeNote(Instant(unixMilliseconds: 1_795_975_200_000), zone: berlin) == nil)
  }

  /// `migrate --to --db FILE` took `--db` as the URL (a tester's report): a value option
  /// followed by another option's word has no value, whichever option it is.
  @Test func aValueOptionDoesNotSwallowTheNextOption() throws {
    for (words, message) in [
      (
        ["migrate", "--to", "--db", "x.sqlite3"],
        "--to needs a value, not the option --db (write --to=--db if that is the value)"
      ),
      (
        ["--db", "--json", "status"],
        "--db needs a value, not the option --json (write --db=--json if that is the value)"
      ),
      (
        ["token", "add", "device", "ab", "--device", "--sandbox"],
        "--device needs a value, not the option --sandbox (write --device=--sandbox if that is the value)"
      ),
    ] {
      #expect(throws: CLIError.usage(message), "\(words)") { try CommandParser.parse(words) }
    }
    // Written inline it is the value; a lone `--` and single-dash words stay values.
    #expect(try CommandParser.parse(["status", "--db=--x"]).options.database == "--x")
    #expect(try CommandParser.parse(["status", "--db", "--"]).options.database == "--")
    #expect(try CommandParser.parse(["status", "--db", "-x"]).options.database == "-x")
  }

  /// A second `--to` quietly replaced the first: any option given twice is refused, by name;
  /// only `--mark-sent`, whose ids add up (docs/cli.md §1.1), may be repeated.
  @Test func aRepeatedOptionIsRefused() throws {
    for (words, name) in [
      (["migrate", "--to", "postgresql:///a", "--to", "postgresql:///b"], "--to"),
      (["--db", "a.sqlite3", "status", "--db=b.sqlite3"], "--db"),
      (["--json", "status", "--json"], "--json"),
      (["token", "add", "device", "ab", "--device", "a", "--device", "b"], "--device"),
    ] {
      #expect(throws: CLIError.usage("\(name) is given twice; give it once"), "\(words)") {
        try CommandParser.parse(words)
      }
    }
    let marks = try CommandParser.parse(["outbox", "--mark-sent", "1,2", "--mark-sent", "3"])
    #expect(marks.command == .outbox(markSent: [1, 2, 3]))
  }
}
