import Foundation

extension DurationText {
  /// The next instant after `now` at which the clock in `timeZone` shows `text`
  /// (docs/timers.md §3.3: `until 18:42`, `at 6:42pm`, `18:42:30`, `6pm`).
  ///
  /// A leading `until`, `at`, `bis` or `um` is allowed. Resolved by ``LocalClock`` (the next
  /// occurrence of that wall time; the earlier when it happens twice ahead).
  /// - Throws: `CoreError.invalidTime` for an unreadable time, or one the clocks skip
  ///   before it next comes (spring forward), saying so.
  public static func clockTime(
    _ text: String, after now: Instant, timeZone: TimeZone
  ) throws(CoreError) -> Instant {
    let (hour, minute, second) = try ClockTimeText.read(text)
    return try LocalClock.next(
      hour: hour, minute: minute, second: second, after: now, in: timeZone, input: text)
  }

  /// Checks that `text` reads as a clock time (`until 18:42`, `at 6:42pm`) without resolving
  /// it, so a command refuses a bad time before it looks for its run.
  /// - Throws: `CoreError.invalidTime`, as ``clockTime(_:after:timeZone:)`` would.
  public static func checkClockTime(_ text: String) throws(CoreError) {
    _ = try ClockTimeText.read(text)
  }
}

/// Reads `until 18:42`, `at 6:42pm`, `6 pm`, `18:42:30` into hour, minute, second.
enum ClockTimeText {
  static func read(_ text: String) throws(CoreError) -> (Int, Int, Int) {
    var rest = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    for word in ["until ", "at ", "bis ", "um "] where rest.hasPrefix(word) {
      rest = String(rest.dropFirst(word.count)).trimmingCharacters(in: .whitespaces)
    }
    var meridiem: String?
    for suffix in ["am", "pm", "a.m.", "p.m."] where rest.hasSuffix(suffix) {
      meridiem = String(suffix.prefix(1))
      rest = String(rest.dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
    }
    if rest.hasSuffix(" uhr") { rest = String(rest.dropLast(4)) }
    let fields = rest.split(separator: ":", omittingEmptySubsequences: false)
    let numbers = fields.map { field -> Int? in
      guard (1...2).contains(field.count), field.allSatisfy({ $0.isASCII && $0.isNumber }) else {
        return nil
      }
      return Int(field)
    }
    let bad = CoreError.invalidTime(
      input: text, message: "\"\(text)\" is not a clock time: type until 18:42 or at 6:42pm")
    guard (1...3).contains(numbers.count), numbers.allSatisfy({ $0 != nil }) else { throw bad }
    var hour = numbers[0]!
    let minute = numbers.count > 1 ? numbers[1]! : 0
    let second = numbers.count > 2 ? numbers[2]! : 0
    if numbers.count == 1, meridiem == nil { throw bad }
    if numbers.count > 1, fields[1].count != 2 { throw bad }
    guard minute < 60, second < 60 else { throw bad }
    if let meridiem {
      guard (1...12).contains(hour) else { throw bad }
      hour = hour % 12 + (meridiem == "p" ? 12 : 0)
    }
    guard hour < 24 else { throw bad }
    return (hour, minute, second)
  }
}
