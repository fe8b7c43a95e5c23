import Foundation

extension DurationText {
  /// The next instant after `now` at which the clock in `timeZone` shows `text`
  /// (timers.md §3: `until 18:42`, `at 6:42pm`, `18:42:30`, `6pm`).
  ///
  /// A leading `until`, `at`, `bis` or `um` is allowed. A time that does not exist on that
  /// night (the spring-forward gap) throws `.invalidTime` saying so; an ambiguous time (fall
  /// back) takes the earlier of the two. Date math is Foundation's `Calendar`.
  public static func clockTime(
    _ text: String, after now: Instant, timeZone: TimeZone
  ) throws(CoreError) -> Instant {
    let (hour, minute, second) = try ClockTimeText.read(text)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let today = calendar.startOfDay(for: now.date)
    for dayOffset in 0...2 {
      guard let day = calendar.date(byAdding: .day, value: dayOffset, to: today) else { continue }
      var wanted = calendar.dateComponents([.year, .month, .day], from: day)
      wanted.hour = hour
      wanted.minute = minute
      wanted.second = second
      guard let candidate = calendar.date(from: wanted) else { continue }
      let shown = calendar.dateComponents([.hour, .minute, .second], from: candidate)
      let exists = shown.hour == hour && shown.minute == minute && shown.second == second
      if !exists {
        // The clock skips this time that night; the next occurrence would be in the gap.
        if candidate > now.date || dayOffset > 0 {
          let dayText =
            "\(wanted.year!)-\(twoDigitsInt(wanted.month!))-\(twoDigitsInt(wanted.day!))"
          throw CoreError.invalidTime(
            input: text,
            message:
              "\(ClockTimeText.format(hour, minute, second)) does not exist on \(dayText) in "
              + "\(timeZone.identifier) (clocks go forward): type a time after the change")
        }
        continue
      }
      if candidate > now.date {
        return Instant(candidate)
      }
    }
    throw CoreError.invalidTime(input: text, message: "cannot find \"\(text)\" after now")
  }

  private static func twoDigitsInt(_ value: Int) -> String {
    value < 10 ? "0\(value)" : "\(value)"
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

  static func format(_ hour: Int, _ minute: Int, _ second: Int) -> String {
    let mm = minute < 10 ? "0\(minute)" : "\(minute)"
    guard second > 0 else { return "\(hour):\(mm)" }
    return "\(hour):\(mm):\(second < 10 ? "0\(second)" : "\(second)")"
  }
}
