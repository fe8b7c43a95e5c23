import Testing

@testable import CooktimerCore

@Suite struct DurationDisplayTests {
  /// docs/timers.md §5: a 10 s timer displayed at T+0.0, T+0.999, T+9.0, T+9.999.
  @Test func tenSecondTimerRoundsUp() {
    #expect(DurationText.countdown(10_000) == "0:10")
    #expect(DurationText.countdown(9_001) == "0:10")
    #expect(DurationText.countdown(1_000) == "0:01")
    #expect(DurationText.countdown(1) == "0:01")
    #expect(DurationText.countdown(0) == "0:00")
    #expect(DurationText.countdown(-5) == "0:00")
  }

  @Test(
    arguments: [
      (59_000, "0:59"), (179_600, "3:00"), (3_599_000, "59:59"), (3_600_000, "1:00:00"),
      (5_400_000, "1:30:00"), (86_399_000, "23:59:59"), (86_400_000, "1d 00:00:00"),
      (93_600_000, "1d 02:00:00"), (604_800_000, "7d 00:00:00"),
    ] as [(Int64, String)])
  func countdownShapes(milliseconds: Int64, shown: String) {
    #expect(DurationText.countdown(milliseconds) == shown)
  }

  @Test func twentySixHoursShowsDays() throws {
    #expect(DurationText.countdown(try DurationText.parse("26h")) == "1d 02:00:00")
  }

  @Test(
    arguments: [
      (480_000, "8 min"), (5_400_000, "1 h 30 min"), (90_000, "90 s"), (60_000, "1 min"),
      (150_000, "2 min 30 s"), (3_600_000, "1 h"), (93_600_000, "1 d 2 h"), (500, "1 s"),
      (0, "0 s"), (43_200_000, "12 h"),
    ] as [(Int64, String)])
  func shortForm(milliseconds: Int64, shown: String) {
    #expect(DurationText.short(milliseconds) == shown)
  }
}
