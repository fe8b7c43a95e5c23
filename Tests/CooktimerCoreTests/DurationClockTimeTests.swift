import Foundation
import Testing

@testable import CooktimerCore

@Suite struct DurationClockTimeTests {
  let berlin = TimeZone(identifier: "Europe/Berlin")!

  /// An instant from an ISO 8601 UTC text.
  func at(_ iso: String) -> Instant {
    Instant(ISO8601DateFormatter().date(from: iso)!)
  }

  @Test func nextOccurrenceToday() throws {
    let now = at("2026-11-29T16:00:00Z")  // 17:00 in Berlin
    #expect(try DurationText.clockTime("until 18:42", after: now, timeZone: berlin) == at("2026-11-29T17:42:00Z"))
    #expect(try DurationText.clockTime("at 6:42pm", after: now, timeZone: berlin) == at("2026-11-29T17:42:00Z"))
    #expect(try DurationText.clockTime("at 6pm", after: now, timeZone: berlin) == at("2026-11-29T17:00:00Z"))
    #expect(try DurationText.clockTime("18:42:30", after: now, timeZone: berlin) == at("2026-11-29T17:42:30Z"))
  }

  @Test func pastTimeMeansTomorrow() throws {
    let now = at("2026-11-29T19:00:00Z")  // 20:00 in Berlin
    #expect(try DurationText.clockTime("until 18:42", after: now, timeZone: berlin) == at("2026-11-30T17:42:00Z"))
    #expect(try DurationText.clockTime("at 12am", after: now, timeZone: berlin) == at("2026-11-29T23:00:00Z"))
    #expect(try DurationText.clockTime("at 12pm", after: now, timeZone: berlin) == at("2026-11-30T11:00:00Z"))
  }

  @Test func springForwardGapIsAnError() {
    let now = at("2026-03-28T21:00:00Z")  // 22:00 CET, the night of the change
    #expect(
      throws: CoreError.invalidTime(
        input: "until 2:30",
        message: "2:30 does not exist on 2026-03-29 in Europe/Berlin (clocks go forward): type a time after the change")
    ) {
      try DurationText.clockTime("until 2:30", after: now, timeZone: berlin)
    }
  }

  @Test func timesAroundTheGapResolve() throws {
    let now = at("2026-03-28T21:00:00Z")
    // 01:30 CET = 00:30Z; 03:30 CEST = 01:30Z.
    #expect(try DurationText.clockTime("until 1:30", after: now, timeZone: berlin) == at("2026-03-29T00:30:00Z"))
    #expect(try DurationText.clockTime("until 3:30", after: now, timeZone: berlin) == at("2026-03-29T01:30:00Z"))
    // After the change that day, 2:30 next exists on 2026-03-30.
    let later = at("2026-03-29T08:00:00Z")
    #expect(try DurationText.clockTime("until 2:30", after: later, timeZone: berlin) == at("2026-03-30T00:30:00Z"))
  }

  @Test func fallBackTakesTheEarlier() throws {
    let now = at("2026-10-24T20:00:00Z")  // 22:00 CEST
    // 02:30 happens twice: 00:30Z (CEST) and 01:30Z (CET); the earlier wins.
    #expect(try DurationText.clockTime("until 2:30", after: now, timeZone: berlin) == at("2026-10-25T00:30:00Z"))
  }

  @Test func durationsNeverDependOnTheZone() throws {
    // A 2 h timer across the change is still 7 200 000 ms: the grammar has no zone at all.
    #expect(try DurationText.parse("2h") == 7_200_000)
    let start = at("2026-10-25T00:00:00Z")
    #expect(start + (try DurationText.parse("2h")) == at("2026-10-25T02:00:00Z"))
  }

  @Test(arguments: ["until 25:00", "at 13pm", "at 0am", "18:7", "soon", "", "until 18:60", "6"])
  func rejectsBadClockTimes(text: String) {
    #expect(throws: CoreError.self) {
      try DurationText.clockTime(text, after: Instant(unixMilliseconds: 0), timeZone: berlin)
    }
  }
}
