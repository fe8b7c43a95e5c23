/// A duration written in a step's words ("bake for 15 minutes", "3 à 5 min",
/// "eine halbe Stunde"): where it is and how long it lasts.
public struct ProseDuration: Hashable, Sendable {
  /// Where it is in the text: offsets in `Character`s, half-open (`"Bake 15 minutes."` →
  /// 5..<15, the closing dot left out).
  public var span: Range<Int>
  /// The words as written (`"15 minutes"`).
  public var text: String
  /// The length in milliseconds; the lower bound of a range.
  public var duration: Int64
  /// The upper bound of a range in milliseconds (`"3 to 5 minutes"` → 300,000); else `nil`.
  public var upperDuration: Int64?
  /// A countdown the cook waits for, or a time of another kind (storage, interval,
  /// offset, restatement): only countdowns become timers.
  public var role: ProseTimeRole

  public init(
    span: Range<Int>, text: String, duration: Int64, upperDuration: Int64? = nil,
    role: ProseTimeRole = .countdown
  ) {
    self.span = span
    self.text = text
    self.duration = duration
    self.upperDuration = upperDuration
    self.role = role
  }
}

/// Finds the durations written in prose, in English, German and French (issue 14): numbers
/// (`15`, `1,5`, `1.5`, `1/2`, `1 1/2`, `½`, `one`, `zwei`, `trois`), ranges (`3 to 5`,
/// `3-5`, `3–5`, `2 bis 3`, `15 à 20`, `2 or 3`, `between 2 and 3`), long and short units
/// (`minutes`, `min`, `Std.`, `h`, `secondes`), compounds (`1 hour 30 minutes`, `1h30`) and
/// idioms (`an hour`, `half an hour`, `an hour and a half`, `eine halbe Stunde`,
/// `une demi-heure`, `un quart d'heure`).
///
/// Pure and deterministic. Words that only look like times are left alone: temperatures
/// (`350 °F`), lengths (`2 cm`), pan sizes (`9x13`), step numbers, counts (`2 cups`),
/// clock times (`à 20 h`), ordinals (`a second bowl`) and rates (`20 minutes per pound`).
public enum ProseDurations {
  /// Every duration in `text`, in order, each with its ``ProseTimeRole``; spans never
  /// overlap. Numbers inside links (`watch?v=u_njTscxy1s`) and glued to letters
  /// (`abc5min`) are not durations.
  public static func find(in text: String) -> [ProseDuration] {
    let chars = Array(text)
    let tokens = ProseTokens.tokens(of: chars)
    let links = ProseLinks.spans(in: chars)
    let matches = ProseDurationScanner(tokens: tokens).matches().filter { match in
      !links.contains { $0.overlaps(match.start..<match.end) }
    }
    let roles = ProseTimeRoles(tokens: tokens).roles(of: matches)
    return zip(matches, roles).map { match, role in
      ProseDuration(
        span: match.start..<match.end, text: String(chars[match.start..<match.end]),
        duration: milliseconds(match.seconds),
        upperDuration: match.upperSeconds.map(milliseconds), role: role)
    }
  }

  /// The countdowns of `text` (``find(in:)`` without storage, intervals, offsets and
  /// restatements): what `show` suggests and `import` writes as timers.
  public static func countdowns(in text: String) -> [ProseDuration] {
    find(in: text).filter { $0.role == .countdown }
  }

  private static func milliseconds(_ seconds: Double) -> Int64 {
    Int64((seconds * 1000).rounded())
  }
}
