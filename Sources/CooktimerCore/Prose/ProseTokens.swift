/// One word, number or sign of a sentence, with its place in `Character` offsets.
struct ProseToken {
  enum Kind: Equatable {
    /// A number written in digits (`15`, `1,5`, `1/2`, `½`, `1½`); `fraction` for `1/2`, `½`.
    case number(Double, fraction: Bool)
    /// A run of letters, lowercased.
    case word(String)
    /// Any other character that is not a space.
    case symbol(Character)
  }

  var kind: Kind
  var start: Int
  var end: Int
  /// Whitespace comes right before it.
  var spaceBefore: Bool
  /// A number written right after a letter or `_` (`abc5min`, `…xy1s` in a video link): part
  /// of a word or code, never a quantity.
  var glued = false

  var word: String? {
    if case .word(let word) = kind { word } else { nil }
  }

  func isSymbol(_ set: String) -> Bool {
    if case .symbol(let c) = kind { set.contains(c) } else { false }
  }
}

enum ProseTokens {
  static let vulgarFractions: [Character: Double] = [
    "½": 0.5, "¼": 0.25, "¾": 0.75, "⅓": 1.0 / 3, "⅔": 2.0 / 3, "⅛": 0.125,
  ]

  static func tokens(of chars: [Character]) -> [ProseToken] {
    var tokens: [ProseToken] = []
    var i = 0
    var space = true
    func digits(from start: Int) -> Int {
      var end = start
      while end < chars.count, chars[end].isASCII, chars[end].isNumber { end += 1 }
      return end
    }
    while i < chars.count {
      let c = chars[i]
      let start = i
      var kind: ProseToken.Kind
      if c.isWhitespace {
        space = true
        i += 1
        continue
      } else if c.isASCII, c.isNumber {
        i = digits(from: i)
        var value = Double(String(chars[start..<i])) ?? 0
        var fraction = false
        if i + 1 < chars.count, chars[i] == "." || chars[i] == ",", chars[i + 1].isASCII,
          chars[i + 1].isNumber
        {
          let end = digits(from: i + 1)
          value = Double(String(chars[start..<i]) + "." + String(chars[(i + 1)..<end])) ?? value
          i = end
        } else if i + 1 < chars.count, chars[i] == "/", chars[i + 1].isASCII, chars[i + 1].isNumber
        {
          let end = digits(from: i + 1)
          let denominator = Double(String(chars[(i + 1)..<end])) ?? 0
          if denominator > 0 {
            value /= denominator
            fraction = true
          }
          i = end
        }
        if i < chars.count, let extra = vulgarFractions[chars[i]] {
          value += extra
          i += 1
        }
        kind = .number(value, fraction: fraction)
      } else if let value = vulgarFractions[c] {
        i += 1
        kind = .number(value, fraction: true)
      } else if c.isLetter {
        while i < chars.count, chars[i].isLetter { i += 1 }
        kind = .word(String(chars[start..<i]).lowercased())
      } else {
        i += 1
        kind = .symbol(c)
      }
      var token = ProseToken(kind: kind, start: start, end: i, spaceBefore: space)
      if case .number = kind, start > 0, chars[start - 1].isLetter || chars[start - 1] == "_" {
        token.glued = true
      }
      tokens.append(token)
      space = false
    }
    return tokens
  }
}
