/// A range whose lower bound is written in the prose before the timer: `1 to ~{2%minutes}`,
/// `3-~{5%min}`, `2 bis ~{3%Stunden}` (462 real timers are written so).
enum CooklangProseRange {
  /// The range words and dashes that join two ends: `2 to ~{3%minutes}`.
  static let separators = ["-", "–", "—", " to", " bis", " à"]

  /// Whether `text` (the words between two timers, or between a duration and a timer) is
  /// only a range word or dash: `~{2%minutes} to ~{3%minutes}` is one range.
  static func isSeparator(_ text: String) -> Bool {
    let word = text.trimmingCharacters(in: .whitespaces).lowercased()
    return ["-", "–", "—", "to", "bis", "à"].contains(word)
  }

  /// `text` without the range word or dash that ends it (and the spaces around), or `nil`
  /// when it ends with none: `"Simmer 1 to "` → `"Simmer 1"`.
  private static func beforeSeparator(_ text: String) -> Substring? {
    var rest = Substring(text)
    while rest.last?.isWhitespace == true { rest.removeLast() }
    guard let separator = separators.first(where: { rest.hasSuffix($0) }) else { return nil }
    rest.removeLast(separator.count)
    while rest.last?.isWhitespace == true { rest.removeLast() }
    return rest
  }

  /// A duration with its own unit ending `text` before a range word: `"Bake 45 minutes to "`
  /// → 2,700,000 ms (issue 23: `Bake 45 minutes to ~{1%hour}` is 45 minutes to an hour).
  static func lowerDuration(before text: String) -> Int64? {
    guard let rest = beforeSeparator(text) else { return nil }
    let chars = Array(rest)
    guard let last = ProseDurations.find(in: String(rest)).last,
      last.span.upperBound == chars.count,
      last.upperDuration == nil
    else { return nil }
    return last.duration
  }

  /// The number ending `text` followed by a range word or dash (`"Simmer 1 to "` → 1), or
  /// `nil`. The number must be a word of its own (`"step1 to "` has none).
  static func lowerBound(before text: String) -> Double? {
    guard let rest = beforeSeparator(text) else { return nil }
    // The number: digits with a decimal point or comma, or a fraction `1/2`, `1 1/2`.
    var start = rest.endIndex
    while start > rest.startIndex {
      let before = rest[rest.index(before: start)]
      guard before.isASCII && (before.isNumber || ",./".contains(before)) else { break }
      start = rest.index(before: start)
    }
    var number = String(rest[start...])
    guard number.first?.isNumber == true else { return nil }
    if start > rest.startIndex {
      let before = rest[rest.index(before: start)]
      guard !before.isLetter, !before.isNumber else { return nil }
      // A mixed number `1 1/2`: its whole part is the word before.
      if before == " ", number.contains("/") {
        let head = rest[..<rest.index(before: start)]
        let whole = head.reversed().prefix { $0.isASCII && $0.isNumber }
        let wholeStart = head.index(head.endIndex, offsetBy: -whole.count)
        if !whole.isEmpty,
          wholeStart == head.startIndex || !head[head.index(before: wholeStart)].isLetter
        {
          number = String(whole.reversed()) + " " + number
        }
      }
    }
    return CooklangNumber.value(number)
  }
}
