import Foundation

/// Durations as cooks type them (docs/timers.md §3), read into milliseconds, and shown back.
///
/// Accepted: unit forms (`90s`, `8 min`, `1h 30m`, `1.5h`, `1,5 Std.`, `2h45m30.5s`,
/// `1 hour 30 minutes`, `8 Minuten`, `8分钟`), clock forms (`1:30` is m:ss, `1:30:00` is
/// h:mm:ss) and ISO 8601 (`PT8M`, `P1DT2H`). Units come from ``TimeUnit``. Everything is
/// case-insensitive and spaces between a number and its unit are optional.
///
/// Rejected with a message that says what was understood and what to type: bare numbers,
/// `1h30`, zero, negatives, empty input, a unit twice, units out of order, exponents,
/// more than 7 days, and trailing garbage (no prefix matching).
public enum DurationText {
  /// What a typed duration over ``Run/longestTimer`` (7 days) is told.
  /// Characters a duration may have (`6 days 23 hours 59 minutes 59.999 seconds` has 43).
  static let longestText = 100

  static func tooLong(_ trimmed: some StringProtocol) -> String {
    "\"\(trimmed)\" is longer than 7 days: type at most 7d"
  }

  /// Reads a positive duration (docs/timers.md §3) and returns it in milliseconds, rounded to the
  /// nearest millisecond (halves away from zero).
  ///
  /// ```swift
  /// try DurationText.parse("1h 30m")  // 5_400_000
  /// try DurationText.parse("90")      // throws: "90" has no unit: type 90s or 90m
  /// ```
  public static func parse(_ text: String) throws(CoreError) -> Int64 {
    try parse(text, shownAs: nil)
  }

  /// ``parse(_:)``, naming the input as `shown` in the zero message (`add -0s` says
  /// `"-0s" is zero`, the sign as the cook typed it).
  private static func parse(_ text: String, shownAs shown: String?) throws(CoreError) -> Int64 {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard let first = trimmed.first else {
      throw invalid(text, "empty duration: type a length such as 90s, 8m or 1h30m")
    }
    // Every message quotes the text, some twice or three times: a pasted page (a 60 KB body)
    // would come back tripled. No duration this reader takes is anywhere near this long.
    guard trimmed.count <= longestText else {
      throw invalid(
        text,
        "a duration of \(trimmed.count) characters is not a length: type one such as 90s, 8m or 1h30m"
      )
    }
    if first == "-" {
      throw invalid(text, "\"\(trimmed)\" is negative: type a length such as 30s")
    }
    if first == "+" {
      throw invalid(text, "\"\(trimmed)\" has a sign: type \(trimmed.dropFirst()) without it")
    }
    var reader = DurationReader(input: text, text: trimmed)
    let milliseconds = try reader.read()
    guard milliseconds > 0 else {
      throw invalid(text, "\"\(shown ?? trimmed)\" is zero: type a length such as 30s")
    }
    guard milliseconds <= Run.longestTimer else { throw invalid(text, tooLong(trimmed)) }
    return milliseconds
  }

  /// Reads a signed adjustment for `add` (`+30s`, `-30s`, `2m`) in milliseconds; negative
  /// takes time away. Zero and everything ``parse(_:)`` rejects are rejected.
  public static func parseSigned(_ text: String) throws(CoreError) -> Int64 {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard let first = trimmed.first, first == "-" || first == "+" else {
      return try parse(text)
    }
    let rest = String(trimmed.dropFirst())
    if rest.hasPrefix("-") || rest.hasPrefix("+") {
      throw invalid(text, "\"\(trimmed)\" has two signs: type \(first)\(rest.dropFirst())")
    }
    do {
      let magnitude = try parse(rest, shownAs: trimmed)
      return first == "-" ? -magnitude : magnitude
    } catch {
      // Name what the cook typed, sign included.
      if case .invalidDuration(_, let message) = error {
        throw invalid(text, message)
      }
      throw error
    }
  }

  static func invalid(_ input: String, _ message: String) -> CoreError {
    .invalidDuration(input: input, message: message)
  }
}
