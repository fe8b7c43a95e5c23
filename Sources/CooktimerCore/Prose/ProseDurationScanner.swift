/// The grammar of durations in prose, over ``ProseToken``s (see ``ProseDurations``).
struct ProseDurationScanner {
  let tokens: [ProseToken]

  /// A duration found: token-independent offsets and seconds.
  struct Match {
    var start: Int
    var end: Int
    var seconds: Double
    var upperSeconds: Double?
    var unit: Double
    /// The token after the match.
    var next: Int
    /// The match's first token.
    var first = 0
  }

  /// What stands for a number: digits, a number word, an article, or a half/quarter.
  private struct Quantity {
    enum Kind { case digits, word, article, part }
    var value: Double
    var kind: Kind
    var next: Int
  }

  func matches() -> [Match] {
    var found: [Match] = []
    var i = 0
    while i < tokens.count {
      guard var match = duration(at: i) else {
        i += 1
        continue
      }
      // "30 seconds to 1 minute": a range written with a unit at each end.
      if match.upperSeconds == nil, let sep = separator(at: match.next, start: i),
        let high = duration(at: sep), high.upperSeconds == nil, high.seconds > match.seconds
      {
        match = Match(
          start: match.start, end: high.end, seconds: match.seconds, upperSeconds: high.seconds,
          unit: high.unit, next: high.next)
      }
      // "1 hour 30 minutes", "1 Stunde und 30 Minuten": one duration.
      while match.upperSeconds == nil {
        var j = match.next
        if j < tokens.count, let word = tokens[j].word, ProseWords.andWords.contains(word) {
          j += 1
        }
        guard let more = duration(at: j), more.upperSeconds == nil, more.unit < match.unit,
          tokens[j].kind != .word("a"), tokens[j].kind != .word("an")
        else { break }
        match = Match(
          start: match.start, end: more.end, seconds: match.seconds + more.seconds,
          upperSeconds: nil, unit: more.unit, next: more.next)
      }
      match.first = i
      found.append(match)
      i = match.next
    }
    return found
  }

  /// One duration starting at token `i`: quantity, optional range, unit, optional half.
  private func duration(at i: Int) -> Match? {
    if let compound = compound(at: i) { return compound }
    guard let low = quantity(at: i) else { return nil }
    var high: Quantity?
    var j = low.next
    if low.kind == .digits || low.kind == .word, let sep = separator(at: j, start: i),
      let second = quantity(at: sep), second.kind == .digits || second.kind == .word,
      second.value > low.value
    {
      high = second
      j = second.next
    }
    // "une dizaine de minutes"
    if let word = tokens[i].word, ProseWords.roundNumbers.contains(word), j < tokens.count,
      tokens[j].word == "de"
    {
      j += 1
    }
    // "5 more minutes", "a further minute", "5 full minutes", "eine weitere Minute"
    if j < tokens.count, let word = tokens[j].word, ProseWords.fillers.contains(word) {
      j += 1
    }
    // "5-minute rest", "une demi-heure": a hyphen before the unit, no range.
    if high == nil, j + 1 < tokens.count, tokens[j].isSymbol("-"), !tokens[j].spaceBefore,
      tokens[j + 1].word.flatMap(ProseWords.unit) != nil
    {
      j += 1
    }
    // "un quart d'heure"
    if low.kind == .part, j + 2 < tokens.count, tokens[j].word == "d", tokens[j + 1].isSymbol("'’")
    {
      j += 2
    }
    guard j < tokens.count, let word = tokens[j].word, let unit = ProseWords.unit(word),
      accepts(unit: word, after: low, at: i)
    else { return nil }
    var seconds = low.value * unit
    var end = tokens[j].end
    var next = j + 1
    // "an hour and a half", "une heure et demie"
    if high == nil, let half = trailingHalf(at: next) {
      seconds += unit / 2
      end = tokens[half - 1].end
      next = half
    } else if high == nil, let minutes = minutesAfterHour(word, at: next) {
      seconds += minutes * 60
      end = tokens[next].end
      next += 1
    }
    if isRate(at: next) { return nil }
    return Match(
      start: tokens[i].start, end: end, seconds: seconds,
      upperSeconds: high.map { $0.value * unit },
      unit: unit, next: next)
  }

  /// "eine Viertelstunde", "Dreiviertelstunde": a noun that is a duration.
  private func compound(at i: Int) -> Match? {
    var j = i
    if j < tokens.count, let word = tokens[j].word, ProseWords.articles.contains(word) {
      j += 1
    }
    guard j < tokens.count, let word = tokens[j].word, let seconds = ProseWords.compounds[word]
    else { return nil }
    return Match(
      start: tokens[i].start, end: tokens[j].end, seconds: seconds, upperSeconds: nil,
      unit: seconds, next: j + 1)
  }

  private func quantity(at i: Int) -> Quantity? {
    guard i < tokens.count, !tokens[i].glued else { return nil }
    switch tokens[i].kind {
    case .number(let value, let fraction):
      // "1 1/2", "1 and a half"
      if !fraction, i + 1 < tokens.count, case .number(let part, true) = tokens[i + 1].kind {
        return Quantity(value: value + part, kind: .digits, next: i + 2)
      }
      if let half = trailingHalf(at: i + 1) {
        return Quantity(value: value + 0.5, kind: .digits, next: half)
      }
      return Quantity(value: value, kind: .digits, next: i + 1)
    case .word(let word):
      if let value = ProseWords.numbers[word] {
        if let half = trailingHalf(at: i + 1) {
          return Quantity(value: value + 0.5, kind: .word, next: half)
        }
        return Quantity(value: value, kind: .word, next: i + 1)
      }
      if ProseWords.articles.contains(word) || ProseWords.another.contains(word) {
        // "a half hour", "eine halbe Stunde", "a quarter of an hour"
        if let part = quantity(at: i + 1), part.kind == .part {
          return Quantity(value: part.value, kind: .part, next: part.next)
        }
        return Quantity(value: 1, kind: .article, next: i + 1)
      }
      if let value = ProseWords.parts[word] {
        var next = i + 1
        if next < tokens.count, tokens[next].word == "of" { next += 1 }
        if next < tokens.count, let article = tokens[next].word, ["a", "an"].contains(article) {
          next += 1
        }
        return Quantity(value: value, kind: .part, next: next)
      }
      return nil
    case .symbol:
      return nil
    }
  }

  /// The minutes of "1h30", "1 h 05", "1 heure 30": a bare two-digit number below 60 right
  /// after an hour, with no unit of its own after it ("2 h 4 pommes" is two hours).
  private func minutesAfterHour(_ unit: String, at j: Int) -> Double? {
    guard ["h", "heure", "heures"].contains(unit), j < tokens.count,
      case .number(let minutes, false) = tokens[j].kind, minutes < 60,
      tokens[j].end - tokens[j].start == 2
    else { return nil }
    if j + 1 < tokens.count {
      let after = tokens[j + 1]
      if case .number = after.kind { return nil }
      if let word = after.word, ProseWords.unit(word) != nil || after.spaceBefore == false {
        return nil
      }
      if after.isSymbol("°%x") { return nil }
    }
    return minutes
  }

  /// Where a range's second number starts, if a range word or dash is at `j`.
  private func separator(at j: Int, start: Int) -> Int? {
    guard j < tokens.count else { return nil }
    if tokens[j].isSymbol("-–—") { return j + 1 }
    guard let word = tokens[j].word else { return nil }
    if ProseWords.rangeWords.contains(word) { return j + 1 }
    if ProseWords.andWords.contains(word), start > 0, let before = tokens[start - 1].word,
      ProseWords.betweenWords.contains(before)
    {
      return j + 1
    }
    return nil
  }

  /// After "and a half" / "et demie" / "und eine halbe" at `j`, the token after it.
  private func trailingHalf(at j: Int) -> Int? {
    let words = (j..<min(j + 3, tokens.count)).map { tokens[$0].word ?? "" }
    if words.starts(with: ["and", "a", "half"]) || words.starts(with: ["und", "eine", "halbe"]) {
      return j + 3
    }
    if words.starts(with: ["et", "demie"]) || words.starts(with: ["et", "demi"]) { return j + 2 }
    return nil
  }

  /// Whether `unit` after `quantity` (starting at token `i`) is a duration.
  private func accepts(unit word: String, after quantity: Quantity, at i: Int) -> Bool {
    // "a second bowl", "une seconde fois", "2 s" only after digits.
    if quantity.kind != .digits, ["s", "sec", "second", "seconde", "sekunde"].contains(word) {
      return false
    }
    // "à 20 h", "at 6 hours"? — a time of day.
    if i > 0, let before = tokens[i - 1].word, ProseWords.clockWords.contains(before),
      ProseWords.unit(word) == 3600
    {
      return false
    }
    return true
  }

  /// "20 minutes per pound", "10 min/kg", "15 Minuten pro 500 g" (but "3 minutes per side"
  /// is a time).
  private func isRate(at j: Int) -> Bool {
    guard j + 1 < tokens.count else { return false }
    let per = tokens[j].word.map(ProseWords.rateWords.contains) ?? tokens[j].isSymbol("/")
    guard per else { return false }
    if case .number = tokens[j + 1].kind { return true }
    return tokens[j + 1].word.map(ProseWords.weights.contains) ?? false
  }
}
