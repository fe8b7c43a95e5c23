extension DurationText {
  /// The countdown a cook sees for `milliseconds` remaining (docs/timers.md §4).
  ///
  /// Whole seconds rounded **up**, so a 10 s timer shows `0:10` during its first second and
  /// `0:01` during its last, and `0:00` only once nothing remains. `M:SS` under an hour,
  /// `H:MM:SS` from an hour, `1d 02:00:00` from 24 hours; never wraps.
  ///
  /// ```swift
  /// DurationText.countdown(9_001)       // "0:10"
  /// DurationText.countdown(93_600_000)  // "1d 02:00:00"
  /// ```
  public static func countdown(_ milliseconds: Int64) -> String {
    let seconds = wholeSecondsUp(milliseconds)
    let days = seconds / 86_400
    let hours = seconds % 86_400 / 3600
    let minutes = seconds % 3600 / 60
    let secs = seconds % 60
    if days > 0 {
      return "\(days)d \(twoDigits(hours)):\(twoDigits(minutes)):\(twoDigits(secs))"
    }
    if hours > 0 {
      return "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))"
    }
    return "\(minutes):\(twoDigits(secs))"
  }

  /// A short human form for a recipe's duration: `90 s`, `8 min`, `2 min 30 s`,
  /// `1 h 30 min`, `1 d 2 h`. Zero parts are left out; under two minutes (and not a whole
  /// minute) shows seconds only, as cooks say "90 seconds". Seconds are rounded up.
  public static func short(_ milliseconds: Int64) -> String {
    let seconds = wholeSecondsUp(milliseconds)
    if seconds < 120, seconds % 60 != 0 || seconds == 0 {
      return "\(seconds) s"
    }
    let parts: [(Int64, String)] = [
      (seconds / 86_400, "d"), (seconds % 86_400 / 3600, "h"),
      (seconds % 3600 / 60, "min"), (seconds % 60, "s"),
    ]
    return parts.filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }.joined(separator: " ")
  }

  /// Milliseconds to whole seconds, rounded up; 0 for zero or less.
  static func wholeSecondsUp(_ milliseconds: Int64) -> Int64 {
    guard milliseconds > 0 else { return 0 }
    return (milliseconds - 1) / 1000 + 1
  }

  private static func twoDigits(_ value: Int64) -> String {
    value < 10 ? "0\(value)" : "\(value)"
  }
}
