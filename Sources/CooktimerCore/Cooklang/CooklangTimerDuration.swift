import Foundation

/// Reads a timer's amount into milliseconds (docs/recipes.md §5 and §6).
///
/// `~{10%minutes}`, `~{1,5%Std.}`, `~{1 1/2%hours}`, ranges `~{5-10%minutes}` and
/// `~{5 bis 10%Minuten}` (lower and upper bound), and timers written without `%` whose text
/// is a duration in the grammar of docs/timers.md §3 (`~{20 minutes}`, `~{8 分钟}`).
enum CooklangTimerDuration {
  enum Reading: Equatable {
    /// Milliseconds; `upper` is set for a range.
    case duration(Int64, upper: Int64?)
    /// No amount written: a name-only timer.
    case none
    /// The amount cannot be read; `reason` says why, for the warning.
    case unreadable(reason: String)
  }

  static func read(quantity: String, units: String) -> Reading {
    guard !quantity.isEmpty else { return .none }
    if !units.isEmpty {
      guard let unit = TimeUnit(spelling: units) else {
        return .unreadable(reason: "unknown unit \"\(units)\"; use s, min, h or d")
      }
      return reading(quantity, unit) ?? .unreadable(reason: "\"\(quantity)\" is not a number")
    }
    if CooklangNumber.value(quantity) != nil || CooklangNumber.range(quantity) != nil {
      return .unreadable(reason: "\"\(quantity)\" has no unit; write ~{\(quantity)%minutes}")
    }
    if let milliseconds = try? DurationText.parse(quantity) {
      return .duration(milliseconds, upper: nil)
    }
    // A range with a unit but no `%`: `5-10 minutes`.
    let word = String(quantity.reversed().prefix(while: { $0.isLetter || $0 == "." }).reversed())
    if !word.isEmpty, let unit = TimeUnit(spelling: word),
      let reading = reading(
        String(quantity.dropLast(word.count)).trimmingCharacters(in: .whitespaces), unit)
    {
      return reading
    }
    return .unreadable(reason: "\"\(quantity)\" is not a duration")
  }

  private static func reading(_ quantity: String, _ unit: TimeUnit) -> Reading? {
    if hasHugeNumber(quantity) { return tooLarge(quantity) }
    if let value = CooklangNumber.value(quantity) {
      guard let ms = milliseconds(value, unit) else { return tooLarge(quantity) }
      return .duration(ms, upper: nil)
    }
    if let (low, high) = CooklangNumber.range(quantity), low <= high {
      guard let lowMs = milliseconds(low, unit), let highMs = milliseconds(high, unit) else {
        return tooLarge(quantity)
      }
      return .duration(lowMs, upper: highMs)
    }
    return nil
  }

  /// A number past what milliseconds can hold (1e15 ms, 31,000 years): said as such, not
  /// as "not a number". Lengths up to that are read, and those over 7 days refused later
  /// with their length (``CooklangRecipe``).
  private static func tooLarge(_ quantity: String) -> Reading {
    .unreadable(reason: "\"\(quantity)\" is far longer than 7 days")
  }

  /// A run of more than 15 digits that is no decimal fraction (`99999999999999999999`;
  /// ``CooklangNumber`` reads 15 at most).
  private static func hasHugeNumber(_ quantity: String) -> Bool {
    var run = 0
    var afterPoint = false
    for c in quantity {
      if c.isASCII && c.isNumber {
        run += 1
        if run > 15 && !afterPoint { return true }
      } else {
        afterPoint = run > 0 && (c == "." || c == ",")
        run = 0
      }
    }
    return false
  }

  private static func milliseconds(_ value: Double, _ unit: TimeUnit) -> Int64? {
    let ms = (value * Double(unit.milliseconds)).rounded(.toNearestOrAwayFromZero)
    // Far beyond any recipe; keeps the conversion to Int64 safe.
    guard ms.isFinite, ms >= 0, ms < 1e15 else { return nil }
    return Int64(ms)
  }
}
