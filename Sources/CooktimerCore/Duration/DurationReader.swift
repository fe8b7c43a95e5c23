import Foundation

/// The scanner behind ``DurationText/parse(_:)``: one of three forms, read to the end.
struct DurationReader {
  /// What the cook typed, for error values.
  let input: String
  /// `input` trimmed, for messages.
  let text: String
  private let chars: [Character]
  private var index = 0

  init(input: String, text: String) {
    self.input = input
    self.text = text
    self.chars = Array(text)
  }

  mutating func read() throws(CoreError) -> Int64 {
    if isISO {
      return try readISO()
    }
    if chars.contains(":") {
      return try readClockForm()
    }
    return try readUnits()
  }

  // MARK: Unit form: `1h 30m`, `8 Min.`, `2h45m30.5s`

  private mutating func readUnits() throws(CoreError) -> Int64 {
    var seen: [TimeUnit] = []
    var total = 0.0
    while true {
      skipSpaces()
      guard index < chars.count else { break }
      guard let number = readNumber() else {
        throw fail("\"\(text)\" is not a duration: type a length such as 90s, 8m or 1h30m")
      }
      if index < chars.count, chars[index] == "e" || chars[index] == "E",
        index + 1 < chars.count, chars[index + 1].isNumber || "+-".contains(chars[index + 1])
      {
        throw fail("\"\(text)\" has an exponent: write the length out, such as 1000s")
      }
      skipSpaces()
      let word = readWord()
      if word.isEmpty {
        throw missingUnit(after: seen, number: number.text)
      }
      guard let unit = TimeUnit(spelling: word) else {
        throw fail("\"\(text)\": unknown unit \"\(word)\": use s, min, h or d")
      }
      if seen.contains(unit) {
        throw fail("\"\(text)\" names \(unit.symbol) twice: give each unit once, such as 1h30m")
      }
      if let last = seen.last, last.rawValue < unit.rawValue {
        throw fail("\"\(text)\" has units out of order: write larger units first, such as 1h30m")
      }
      seen.append(unit)
      total += number.value * Double(unit.milliseconds)
    }
    return try rounded(total)
  }

  private func missingUnit(after seen: [TimeUnit], number: String) -> CoreError {
    if index < chars.count {
      return fail("\"\(text)\" has unexpected text after \(number): type a length such as 1h30m")
    }
    guard let last = seen.last else {
      return fail("\"\(text)\" has no unit: type \(number)s or \(number)m")
    }
    let finer = last == .day ? "h" : last == .hour ? "m" : "s"
    let other = last == .day ? "m" : "s"
    if last == .minute || last == .second {
      return fail("\"\(text)\" is ambiguous: \(number) has no unit: type \(text)s")
    }
    return fail(
      "\"\(text)\" is ambiguous: \(number) has no unit: type \(text)\(finer) or \(text)\(other)")
  }

  // MARK: Clock form: `1:30` (m:ss), `1:30:00` (h:mm:ss)

  private mutating func readClockForm() throws(CoreError) -> Int64 {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 2 || parts.count == 3 else {
      throw fail("\"\(text)\" is not m:ss or h:mm:ss: type 1:30 for 90 s or 1:30:00 for 1.5 h")
    }
    var values: [Double] = []
    for (position, part) in parts.enumerated() {
      let isLast = position == parts.count - 1
      let isFirst = position == 0
      guard let value = Self.clockField(part, allowFraction: isLast),
        isFirst || (part.prefix(while: \.isNumber).count == 2 && value < 60)
      else {
        let shape = parts.count == 2 ? "m:ss" : "h:mm:ss"
        throw fail("\"\(text)\" is not \(shape): minutes and seconds after a colon are 00 to 59")
      }
      values.append(value)
    }
    let unitsMs: [Double] = parts.count == 2 ? [60_000, 1000] : [3_600_000, 60_000, 1000]
    return try rounded(zip(values, unitsMs).reduce(0) { $0 + $1.0 * $1.1 })
  }

  private static func clockField(_ part: String, allowFraction: Bool) -> Double? {
    let pieces = part.split(separator: ".", omittingEmptySubsequences: false)
    guard !pieces.isEmpty, pieces.count <= (allowFraction ? 2 : 1),
      pieces.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } })
    else { return nil }
    return Double(part)
  }

  // MARK: ISO 8601: `PT8M`, `PT1H30M`, `P1DT2H`

  private var isISO: Bool {
    guard chars.count >= 2, chars[0] == "P" || chars[0] == "p" else { return false }
    return chars[1] == "T" || chars[1] == "t" || chars[1].isNumber
  }

  private mutating func readISO() throws(CoreError) -> Int64 {
    let example = "type an ISO 8601 duration such as PT8M or PT1H30M"
    index = 1
    var inTime = false
    var seen: [TimeUnit] = []
    var total = 0.0
    while index < chars.count {
      if chars[index] == "T" || chars[index] == "t" {
        guard !inTime else { throw fail("\"\(text)\" has T twice: \(example)") }
        inTime = true
        index += 1
        continue
      }
      guard let number = readNumber(), index < chars.count else {
        throw fail("\"\(text)\" is not a valid ISO 8601 duration: \(example)")
      }
      let designator = chars[index].uppercased()
      index += 1
      let unit: TimeUnit?
      switch (designator, inTime) {
      case ("D", false): unit = .day
      case ("H", true): unit = .hour
      case ("M", true): unit = .minute
      case ("S", true): unit = .second
      default: unit = nil
      }
      guard let unit, seen.last.map({ $0.rawValue > unit.rawValue }) ?? true else {
        throw fail(
          "\"\(text)\" is not a valid ISO 8601 duration (days, hours, minutes, seconds only): \(example)"
        )
      }
      seen.append(unit)
      total += number.value * Double(unit.milliseconds)
    }
    guard !seen.isEmpty else { throw fail("\"\(text)\" names no length: \(example)") }
    return try rounded(total)
  }

  // MARK: Pieces

  /// Digits with an optional decimal point or comma (`1.5`, `1,5`).
  private mutating func readNumber() -> (text: String, value: Double)? {
    let start = index
    while index < chars.count, chars[index].isASCII, chars[index].isNumber { index += 1 }
    guard index > start else { return nil }
    if index + 1 < chars.count, chars[index] == "." || chars[index] == ",",
      chars[index + 1].isASCII, chars[index + 1].isNumber
    {
      index += 1
      while index < chars.count, chars[index].isASCII, chars[index].isNumber { index += 1 }
    }
    let written = String(chars[start..<index])
    let value = Double(written.replacingOccurrences(of: ",", with: ".")) ?? 0
    return (written, value)
  }

  /// Letters with an optional trailing dot (`Min.`, `分钟`).
  private mutating func readWord() -> String {
    let start = index
    while index < chars.count, chars[index].isLetter { index += 1 }
    if index > start, index < chars.count, chars[index] == "." { index += 1 }
    return String(chars[start..<index])
  }

  private mutating func skipSpaces() {
    while index < chars.count, chars[index].isWhitespace { index += 1 }
  }

  private func rounded(_ milliseconds: Double) throws(CoreError) -> Int64 {
    guard milliseconds.isFinite, milliseconds <= Double(Run.longestTimer) + 1 else {
      throw fail(DurationText.tooLong(text))
    }
    return Int64(milliseconds.rounded(.toNearestOrAwayFromZero))
  }

  private func fail(_ message: String) -> CoreError {
    DurationText.invalid(input, message)
  }
}
