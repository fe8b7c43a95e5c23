import CooktimerCore
import CooktimerStore
import Foundation
import Testing

@testable import CooktimerCLI

/// A refused duration or time is reported as such (exit 64), never as a missing run or timer.
@Suite("Refused durations and times")
struct DurationErrorTests {
  func restBox() throws -> Sandbox {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "rest", "Let the dough ~rest.\n")
    #expect(try box.run(["start", "rest", "--now", "2026-11-29T18:00:00Z"]).status == 0)
    return box
  }

  /// `begin rest P1W` says what `add P1W` says.
  @Test(arguments: ["P1W", "PT0S", "5m30", "1h30"])
  func beginReportsTheDurationLikeAdd(_ word: String) throws {
    let box = try restBox()
    let now = ["--now", "2026-11-29T18:00:01Z"]
    let begin = try box.run(["begin", "rest", word] + now)
    let add = try box.run(["add", word] + now)
    #expect(begin.status == 64)
    #expect(add.status == 64)
    #expect(begin.stderr == add.stderr)
    #expect(!begin.stderr.contains("no run"))
  }

  /// With no database yet, the same: the duration is what is wrong.
  @Test(arguments: ["P1W", "5m30"])
  func beginWithoutADatabaseReportsTheDurationLikeAdd(_ word: String) throws {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "rest", "Let the dough ~rest.\n")
    let begin = try box.run(["begin", "rest", word])
    let add = try box.run(["add", word])
    #expect(begin.status == 64)
    #expect(add.status == 64)
    #expect(begin.stderr == add.stderr)
  }

  @Test func theMessagesAreExact() throws {
    let box = try restBox()
    let cases = [
      (
        "P1W",
        "cooktimer: \"P1W\" is not a valid ISO 8601 duration (days, hours, minutes, seconds only): type an ISO 8601 duration such as PT8M or PT1H30M\n"
      ),
      ("PT0S", "cooktimer: \"PT0S\" is zero: type a length such as 30s\n"),
      ("5m30", "cooktimer: \"5m30\" is ambiguous: 30 has no unit: type 5m30s\n"),
    ]
    for (word, message) in cases {
      let r = try box.run(["begin", "rest", word, "--now", "2026-11-29T18:00:01Z"])
      #expect(r.stderr == message)
    }
  }

  /// A signed zero is named with its sign, as typed.
  @Test(arguments: [
    ("-0s", "cooktimer: \"-0s\" is zero: type a length such as 30s\n"),
    ("+0:00", "cooktimer: \"+0:00\" is zero: type a length such as 30s\n"),
    ("0s", "cooktimer: \"0s\" is zero: type a length such as 30s\n"),
  ])
  func aZeroAddKeepsItsSign(word: String, message: String) throws {
    let box = try restBox()
    let r = try box.run(["add", word, "--now", "2026-11-29T18:00:01Z"])
    #expect(r.status == 64)
    #expect(r.stderr == message)
  }

  /// A run whose id looks like a duration is still reached by that id.
  @Test func aRunIdThatLooksLikeADurationStillWorks() throws {
    let box = try Sandbox(inProcess: true)
    let recipe = Recipe(
      title: "rest", steps: [Step(text: "Rest", timers: [TimerSpec(name: "rest", duration: nil)])])
    let (run, events) = try Run.start(
      id: "5m3", recipe: recipe, at: Instant(unixMilliseconds: 1_795_975_200_000))
    try RunStore(path: box.db).transaction { try $0.insert(run, events: events) }
    let r = try box.run(["begin", "rest", "5m3", "--now", "2026-11-29T18:00:01Z"])
    #expect(r.status == 65, "\(r.stderr)")  // reached the run: a timer without a length
    #expect(r.stderr.contains("5m3"))
    #expect(!r.stderr.contains("no run"))
  }

  /// A run id of digits only (`963`, one in 47 ids) reaches its run; with no such run the
  /// word is a bare number, refused as a duration.
  @Test func aRunIdOfDigitsStillWorks() throws {
    let box = try Sandbox(inProcess: true)
    let recipe = Recipe(
      title: "rest", steps: [Step(text: "Rest", timers: [TimerSpec(name: "rest", duration: nil)])])
    let (run, events) = try Run.start(
      id: "963", recipe: recipe, at: Instant(unixMilliseconds: 1_795_975_200_000))
    try RunStore(path: box.db).transaction { try $0.insert(run, events: events) }
    let begun = try box.run(["begin", "rest", "10m", "963", "--now", "2026-11-29T18:00:01Z"])
    #expect(begun.status == 0, "\(begun.stderr)")
    let alone = try box.run(["begin", "rest", "963", "--now", "2026-11-29T18:00:02Z"])
    #expect(alone.status == 65, "\(alone.stderr)")  // reached the run: rest is not waiting now
    let other = try box.run(["begin", "rest", "120", "--now", "2026-11-29T18:00:03Z"])
    #expect(other.status == 64, "\(other.stderr)")
    #expect(other.stderr.contains("120"), "\(other.stderr)")
  }

  /// A word that is no duration attempt stays a run id: a typo there is "no run".
  @Test func aMistypedRunIdIsStillNoRun() throws {
    let box = try restBox()
    let r = try box.run(["begin", "rest", "k4m", "--now", "2026-11-29T18:00:01Z"])
    #expect(r.status == 66)
    #expect(r.stderr == "cooktimer: no run \"k4m\"; `status` lists the active runs\n")
  }

  /// `add 5 parsecs` names the unit; a run id after a bare number keeps "no unit".
  @Test func aUnitWordAfterANumberIsReportedAsTheUnit() throws {
    #expect(
      throws: CoreError.invalidDuration(
        input: "5 parsecs", message: "\"5 parsecs\": unknown unit \"parsecs\": use s, min, h or d")
    ) { try CommandParser.parse(["add", "5", "parsecs"]) }
    #expect(
      throws: CoreError.invalidDuration(input: "5", message: "\"5\" has no unit: type 5s or 5m")
    ) { try CommandParser.parse(["add", "5", "k4m"]) }
    #expect(
      try CommandParser.parse(["add", "5m", "abc"]).command
        == .add(milliseconds: 300_000, run: "abc"))
  }

  /// `begin 5m` (the timer left out) says the timer goes first.
  @Test func aDurationWhereTheTimerGoes() throws {
    let box = try restBox()
    let r = try box.run(["begin", "5m", "--now", "2026-11-29T18:00:01Z"])
    #expect(r.status == 64)
    #expect(r.stderr.hasPrefix("cooktimer: `begin` takes the timer first: begin TIMER 5m"))
  }

  /// A bad or skipped clock time is refused before any run is looked up: with no run at all
  /// it is still the time that is wrong.
  @Test func aRefusedClockTimeComesBeforeTheRun() throws {
    let box = try Sandbox(inProcess: true)
    let bad = try box.run(["begin", "rest", "until", "25:00"])
    #expect(bad.status == 64)
    #expect(
      bad.stderr
        == "cooktimer: \"until 25:00\" is not a clock time: type until 18:42 or at 6:42pm\n")
    let skipped = try box.run(
      ["begin", "rest", "until", "2:30", "--now", "2026-03-29T00:50:00Z"],
      extraEnvironment: ["TZ": "Europe/Berlin"])
    #expect(skipped.status == 64)
    #expect(
      skipped.stderr
        == "cooktimer: 2:30 does not exist on 2026-03-29 in Europe/Berlin (clocks go forward): type a time after the change\n"
    )
  }
}
