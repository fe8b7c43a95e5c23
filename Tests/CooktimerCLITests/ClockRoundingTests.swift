import CooktimerCore
import Foundation
import Testing

@testable import CooktimerCLI

/// One rounding rule: an instant shown as a clock time is truncated to the second, as a wall
/// clock shows it, wherever it is shown; the countdown next to it rounds up (docs/timers.md §4).
@Suite("One rounding rule for clock times")
struct ClockRoundingTests {
  static let utc = TimeZone(identifier: "UTC")!
  /// 2026-11-29T18:00:00.200Z: the run starts 200 ms into a second, so its 3-minute timer
  /// ends at 18:03:00.200.
  static let start = Instant(unixMilliseconds: 1_795_975_200_200)
  static let end = start + 180_000

  static func teaRun() throws -> Run {
    let recipe = Recipe(
      title: "Tea",
      steps: [Step(text: "Steep", timers: [TimerSpec(name: "tea", duration: 180_000)])])
    return try Run.start(id: "a1", recipe: recipe, at: start).run
  }

  @Test func statusShowsTheEndAsTheClockReadsThen() throws {
    let text = statusText(try Self.teaRun().settled(at: Self.start + 800), zone: Self.utc)
    // 179.2 s left: the countdown rounds up to 3:00; the end reads 18:03:00.
    #expect(text.hasSuffix("    1  tea  running  3:00  ends 18:03:00"), "\(text)")
  }

  @Test func theAlarmLineShowsTheSameTime() throws {
    var scheduler = AlarmScheduler()
    scheduler.update(try Self.teaRun())
    let alarm = try #require(scheduler.collect(at: Self.end).first)
    #expect(alarm.at == Self.end)
    let onTime = alarmText(alarm, now: Self.end, zone: Self.utc)
    #expect(onTime.hasPrefix("[a1] 18:03:00 ⏰ Tea — tea is done"), "\(onTime)")
    // Missed while no cooktimer ran: the same clock time, with how long ago.
    let late = alarmText(alarm, now: Self.end + 180_000, zone: Self.utc)
    #expect(late.hasSuffix(" (done at 18:03:00, 3 min ago)"), "\(late)")
  }

  @Test func theWatchHeaderClockTruncates() {
    #expect(clockTime(Self.start + 799, in: Self.utc) == "18:00:00")
    #expect(clockTime(Self.end, in: Self.utc) == "18:03:00")
  }

  /// Through the binary: `status` and `timeline` agree on the end at a fractional second.
  @Test func statusAndTimelineAgree() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "tea", "Steep the tea for ~{3%minutes}.\n")
    let started = try box.run(["start", "tea", "--now", "2026-11-29T18:00:00.200Z"])
    #expect(started.status == 0, "\(started.stderr)")
    let status = try box.run(["status", "--now", "2026-11-29T18:00:01Z"])
    #expect(status.stdout.contains("running  3:00  ends 18:03:00\n"), "\(status.stdout)")
    let timeline = try box.run(["timeline", "--now", "2026-11-29T18:00:01Z"])
    #expect(timeline.stdout.contains("  step 1  18:00:00 → 18:03:00  "), "\(timeline.stdout)")
    #expect(timeline.stdout.hasSuffix("  done at 18:03:00 (in 3 min)\n"), "\(timeline.stdout)")
  }
}
