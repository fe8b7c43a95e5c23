import Testing

@testable import CooktimerCore

@Suite struct DurationParseTests {
  @Test(
    arguments: [
      ("90s", 90_000), ("8m", 480_000), ("8min", 480_000), ("8 minutes", 480_000),
      ("1h30m", 5_400_000), ("1h 30m", 5_400_000), ("1.5h", 5_400_000),
      ("2h45m30.5s", 9_930_500), ("1d", 86_400_000), ("1 hour 30 minutes", 5_400_000),
      ("1:30", 90_000), ("1:30:00", 5_400_000), ("PT8M", 480_000), ("PT1H30M", 5_400_000),
      ("8 Min.", 480_000), ("8 Minuten", 480_000), ("1 Std.", 3_600_000),
      ("2 Stunden", 7_200_000), ("30 Sek.", 30_000), ("90M", 5_400_000), ("8 MIN", 480_000),
      ("pt8m", 480_000), ("  8m  ", 480_000), ("1,5 Std.", 5_400_000), ("8分钟", 480_000),
      ("1小时30分钟", 5_400_000), ("30秒", 30_000), ("2 heures", 7_200_000), ("1 Tag", 86_400_000),
      ("P1DT2H", 93_600_000), ("PT0.5S", 500), ("0.0004s", 0), ("1.0005s", 1001),
      ("7d", 604_800_000), ("1 hr 5 mins", 3_900_000), ("45 secs", 45_000),
    ] as [(String, Int64)])
  func accepts(text: String, milliseconds: Int64) throws {
    if milliseconds == 0 {
      // Rounds to zero milliseconds, and zero is rejected.
      #expect(throws: CoreError.self) { try DurationText.parse(text) }
    } else {
      #expect(try DurationText.parse(text) == milliseconds)
    }
  }

  @Test func section5TableIsFiveThousandFourHundredSecondsEach() throws {
    for text in ["1h 30m", "1.5h", "90m", "1:30:00", "PT1H30M"] {
      #expect(try DurationText.parse(text) == 5_400_000)
    }
  }

  @Test(arguments: [
    ("90", "\"90\" has no unit: type 90s or 90m"),
    ("1h30", "\"1h30\" is ambiguous: 30 has no unit: type 1h30m or 1h30s"),
    ("1m30", "\"1m30\" is ambiguous: 30 has no unit: type 1m30s"),
    ("0", "\"0\" has no unit: type 0s or 0m"),
    ("0s", "\"0s\" is zero: type a length such as 30s"),
    ("0:00", "\"0:00\" is zero: type a length such as 30s"),
    ("-5m", "\"-5m\" is negative: type a length such as 30s"),
    ("", "empty duration: type a length such as 90s, 8m or 1h30m"),
    ("   ", "empty duration: type a length such as 90s, 8m or 1h30m"),
    ("1m1m", "\"1m1m\" names min twice: give each unit once, such as 1h30m"),
    ("1e3s", "\"1e3s\" has an exponent: write the length out, such as 1000s"),
    ("8d", "\"8d\" is longer than 7 days: type at most 7d"),
    ("169h", "\"169h\" is longer than 7 days: type at most 7d"),
    ("8mx", "\"8mx\": unknown unit \"mx\": use s, min, h or d"),
    ("8 mints", "\"8 mints\": unknown unit \"mints\": use s, min, h or d"),
    ("1h30m!", "\"1h30m!\" is not a duration: type a length such as 90s, 8m or 1h30m"),
    ("30m1h", "\"30m1h\" has units out of order: write larger units first, such as 1h30m"),
    ("abc", "\"abc\" is not a duration: type a length such as 90s, 8m or 1h30m"),
    ("+5m", "\"+5m\" has a sign: type 5m without it"),
    ("1:75", "\"1:75\" is not m:ss: minutes and seconds after a colon are 00 to 59"),
    ("1:5", "\"1:5\" is not m:ss: minutes and seconds after a colon are 00 to 59"),
    ("1:2:3:4", "\"1:2:3:4\" is not m:ss or h:mm:ss: type 1:30 for 90 s or 1:30:00 for 1.5 h"),
    ("PT", "\"PT\" names no length: type an ISO 8601 duration such as PT8M or PT1H30M"),
    (
      "P1M",
      "\"P1M\" is not a valid ISO 8601 duration (days, hours, minutes, seconds only): type an ISO 8601 duration such as PT8M or PT1H30M"
    ),
    ("5-10m", "\"5-10m\" has unexpected text after 5: type a length such as 1h30m"),
    ("m", "\"m\" is not a duration: type a length such as 90s, 8m or 1h30m"),
    // A pasted page is not quoted back (three times, in "has no unit: type …s or …m").
    (
      String(repeating: "1", count: 60_000),
      "a duration of 60000 characters is not a length: type one such as 90s, 8m or 1h30m"
    ),
    (
      String(repeating: "1", count: 100),
      "\"\(String(repeating: "1", count: 100))\" has no unit: type \(String(repeating: "1", count: 100))s or \(String(repeating: "1", count: 100))m"
    ),
  ])
  func rejects(text: String, message: String) {
    #expect(throws: CoreError.invalidDuration(input: text, message: message)) {
      try DurationText.parse(text)
    }
  }

  @Test func signedAcceptsBothSigns() throws {
    #expect(try DurationText.parseSigned("-30s") == -30_000)
    #expect(try DurationText.parseSigned("+1m") == 60_000)
    #expect(try DurationText.parseSigned("2m") == 120_000)
    #expect(try DurationText.parseSigned(" - 30s") == -30_000)
  }

  @Test func signedRejectsZeroAndNonsense() {
    #expect(
      throws: CoreError.invalidDuration(
        input: "-0s", message: "\"-0s\" is zero: type a length such as 30s")
    ) {
      try DurationText.parseSigned("-0s")
    }
    #expect(throws: CoreError.self) { try DurationText.parseSigned("--5m") }
    #expect(throws: CoreError.self) { try DurationText.parseSigned("-") }
    #expect(throws: CoreError.self) { try DurationText.parseSigned("-90") }
  }
}
