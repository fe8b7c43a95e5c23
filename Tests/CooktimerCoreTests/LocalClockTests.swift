import Foundation
import Testing

@testable import CooktimerCore

/// The one local-time resolver on both transition nights of three zones: Berlin and New
/// York (one-hour shifts at different hours) and Lord Howe (a 30-minute shift).
@Suite struct LocalClockTests {
  static let berlin = TimeZone(identifier: "Europe/Berlin")!
  static let newYork = TimeZone(identifier: "America/New_York")!
  static let lordHowe = TimeZone(identifier: "Australia/Lord_Howe")!

  /// An instant from an ISO 8601 UTC text.
  static func at(_ iso: String) -> Instant {
    Instant(ISO8601DateFormatter().date(from: iso)!)
  }

  /// `until TEXT` at `now` in `zone`.
  func until(_ text: String, _ now: String, _ zone: TimeZone) throws -> Instant {
    try DurationText.clockTime("until \(text)", after: Self.at(now), timeZone: zone)
  }

  // MARK: Fall back: the next occurrence after now, the earlier of two ahead

  /// The case: 02:10 CET, after the clocks went back at 03:00 CEST; the 02:30 still
  /// ahead is the second one, 20 minutes away (not tomorrow's).
  @Test func berlinFallBack() throws {
    let z = Self.berlin
    #expect(try until("02:30", "2026-10-25T01:10:00Z", z) == Self.at("2026-10-25T01:30:00Z"))
    // 02:10 CEST, before the change: both 02:30s are ahead; the earlier wins.
    #expect(try until("02:30", "2026-10-25T00:10:00Z", z) == Self.at("2026-10-25T00:30:00Z"))
    #expect(try until("2:30", "2026-10-24T20:00:00Z", z) == Self.at("2026-10-25T00:30:00Z"))
    // 02:05 has passed once; its second showing is the next.
    #expect(try until("02:05", "2026-10-25T00:10:00Z", z) == Self.at("2026-10-25T01:05:00Z"))
    // Both passed: tomorrow.
    #expect(try until("02:30", "2026-10-25T01:40:00Z", z) == Self.at("2026-10-26T01:30:00Z"))
  }

  /// New York repeats 01:00–02:00 (02:00 EDT → 01:00 EST at 06:00Z).
  @Test func newYorkFallBack() throws {
    let z = Self.newYork
    #expect(try until("01:30", "2026-11-01T06:10:00Z", z) == Self.at("2026-11-01T06:30:00Z"))
    #expect(try until("01:30", "2026-11-01T05:10:00Z", z) == Self.at("2026-11-01T05:30:00Z"))
    // The 02:30 at 02:10: that hour happens once here, in EST.
    #expect(try until("02:30", "2026-11-01T07:10:00Z", z) == Self.at("2026-11-01T07:30:00Z"))
  }

  /// Lord Howe repeats 01:30–02:00 (02:00 +11:00 → 01:30 +10:30 at 15:00Z).
  @Test func lordHoweFallBack() throws {
    let z = Self.lordHowe
    #expect(try until("01:55", "2026-04-04T15:05:00Z", z) == Self.at("2026-04-04T15:25:00Z"))
    #expect(try until("01:55", "2026-04-04T14:35:00Z", z) == Self.at("2026-04-04T14:55:00Z"))
    #expect(try until("02:30", "2026-04-04T15:40:00Z", z) == Self.at("2026-04-04T16:00:00Z"))
  }

  // MARK: Spring forward: a skipped time is refused, saying so

  @Test func berlinSpringForward() throws {
    let z = Self.berlin
    #expect(
      throws: CoreError.invalidTime(
        input: "until 02:30",
        message:
          "2:30 does not exist on 2026-03-29 in Europe/Berlin (clocks go forward): type a time after the change"
      )
    ) { try until("02:30", "2026-03-29T00:50:00Z", z) }
    #expect(try until("03:10", "2026-03-29T00:50:00Z", z) == Self.at("2026-03-29T01:10:00Z"))
    // After the change that morning, tomorrow's 02:30 exists.
    #expect(try until("02:30", "2026-03-29T01:10:00Z", z) == Self.at("2026-03-30T00:30:00Z"))
  }

  @Test func newYorkSpringForward() throws {
    let z = Self.newYork
    #expect(
      throws: CoreError.invalidTime(
        input: "until 02:30",
        message:
          "2:30 does not exist on 2026-03-08 in America/New_York (clocks go forward): type a time after the change"
      )
    ) { try until("02:30", "2026-03-08T06:50:00Z", z) }
    #expect(try until("03:10", "2026-03-08T06:50:00Z", z) == Self.at("2026-03-08T07:10:00Z"))
  }

  /// Lord Howe skips 02:00–02:30 (02:00 +10:30 → 02:30 +11:00 at 15:30Z).
  @Test func lordHoweSpringForward() throws {
    let z = Self.lordHowe
    #expect(
      throws: CoreError.invalidTime(
        input: "until 02:15",
        message:
          "2:15 does not exist on 2026-10-04 in Australia/Lord_Howe (clocks go forward): type a time after the change"
      )
    ) { try until("02:15", "2026-10-03T15:20:00Z", z) }
    #expect(try until("02:30", "2026-10-03T15:20:00Z", z) == Self.at("2026-10-03T15:30:00Z"))
    #expect(try until("01:55", "2026-10-03T15:20:00Z", z) == Self.at("2026-10-03T15:25:00Z"))
  }

  // MARK: Reading instants: wall time, offset, which of two

  @Test func readingsInTheRepeatedHour() {
    let cases: [(String, TimeZone, String, Int, LocalClock.Occurrence)] = [
      ("2026-10-25T00:30:00Z", Self.berlin, "2026-10-25 02:30:00", 7200, .first),
      ("2026-10-25T01:30:00Z", Self.berlin, "2026-10-25 02:30:00", 3600, .second),
      ("2026-10-25T01:59:59Z", Self.berlin, "2026-10-25 02:59:59", 3600, .second),
      ("2026-10-25T02:00:00Z", Self.berlin, "2026-10-25 03:00:00", 3600, .only),
      ("2026-10-24T23:59:59Z", Self.berlin, "2026-10-25 01:59:59", 7200, .only),
      ("2026-11-01T05:30:00Z", Self.newYork, "2026-11-01 01:30:00", -14400, .first),
      ("2026-11-01T06:30:00Z", Self.newYork, "2026-11-01 01:30:00", -18000, .second),
      ("2026-04-04T14:55:00Z", Self.lordHowe, "2026-04-05 01:55:00", 39600, .first),
      ("2026-04-04T15:25:00Z", Self.lordHowe, "2026-04-05 01:55:00", 37800, .second),
      ("2026-04-04T15:30:00Z", Self.lordHowe, "2026-04-05 02:00:00", 37800, .only),
      ("2026-03-29T01:00:00Z", Self.berlin, "2026-03-29 03:00:00", 7200, .only),
    ]
    for (instant, zone, wall, offset, occurrence) in cases {
      let reading = LocalClock.reading(Self.at(instant), in: zone)
      #expect(reading.wall.description == wall, "\(instant)")
      #expect(reading.offsetSeconds == offset, "\(instant)")
      #expect(reading.occurrence == occurrence, "\(instant)")
    }
  }

  /// Seconds are truncated, as a wall clock shows them: the one rounding rule.
  @Test func readingTruncatesToTheSecond() {
    let zone = TimeZone(identifier: "UTC")!
    let end = Instant(unixMilliseconds: 1_795_975_200_000 + 999)  // 2026-11-29T18:00:00.999Z
    #expect(LocalClock.reading(end, in: zone).wall.description == "2026-11-29 18:00:00")
    let early = Instant(unixMilliseconds: -1)  // 1969-12-31T23:59:59.999Z
    #expect(LocalClock.reading(early, in: zone).wall.description == "1969-12-31 23:59:59")
  }

  @Test func instantsShowingAWallTime() {
    let repeated = WallTime(year: 2026, month: 10, day: 25, hour: 2, minute: 30)!
    #expect(
      LocalClock.instants(showing: repeated, in: Self.berlin)
        == [Self.at("2026-10-25T00:30:00Z"), Self.at("2026-10-25T01:30:00Z")])
    let skipped = WallTime(year: 2026, month: 3, day: 8, hour: 2, minute: 30)!
    #expect(LocalClock.instants(showing: skipped, in: Self.newYork).isEmpty)
    let halfHour = WallTime(year: 2026, month: 4, day: 5, hour: 1, minute: 45)!
    #expect(
      LocalClock.instants(showing: halfHour, in: Self.lordHowe)
        == [Self.at("2026-04-04T14:45:00Z"), Self.at("2026-04-04T15:15:00Z")])
    let plain = WallTime(year: 2026, month: 11, day: 29, hour: 19)!
    #expect(
      LocalClock.instants(showing: plain, in: Self.berlin) == [Self.at("2026-11-29T18:00:00Z")])
  }

  @Test func offsetTexts() {
    #expect(LocalClock.offsetText(3600) == "UTC+01:00")
    #expect(LocalClock.offsetText(-18000) == "UTC-05:00")
    #expect(LocalClock.offsetText(37800) == "UTC+10:30")
    #expect(LocalClock.offsetText(0) == "UTC+00:00")
  }

  @Test func wallTimeArithmetic() {
    #expect(WallTime(year: 2026, month: 2, day: 29) == nil)
    #expect(WallTime(year: 2028, month: 2, day: 29) != nil)
    #expect(WallTime(year: 2026, month: 11, day: 29, hour: 24) == nil)
    let sunday = WallTime(year: 2026, month: 11, day: 29, hour: 18)!
    #expect(sunday.weekday == 1)
    #expect(sunday.secondsSince1970 == 1_795_975_200)
    #expect(WallTime(secondsSince1970: 1_795_975_200) == sunday)
    #expect(WallTime(secondsSince1970: 0).description == "1970-01-01 00:00:00")
    #expect(sunday.addingDays(3).description == "2026-12-02 18:00:00")
  }
}
