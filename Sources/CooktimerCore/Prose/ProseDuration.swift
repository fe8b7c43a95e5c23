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

  public init(span: Range<Int>, text: String, duration: Int64, upperDuration: Int64? = nil) {
    self.span = span
    self.text = text
    self.duration = duration
    self.upperDuration = upperDuration
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
  /// The longest time the finder offers, in milliseconds: ``Run/longestTimer`` (7 days), as
  /// no timer can run longer. Longer times (`Rest 10000000000000 days.`) are left out of
  /// ``find(in:)`` (a range is, when either bound is); ``tooLong(in:)`` lists them for the
  /// recipe's warning.
  public static let longest: Int64 = Run.longestTimer

  /// Every duration in `text` of at most ``longest``, in order; spans never overlap.
  public static func find(in text: String) -> [ProseDuration] {
    scan(text).found
  }

  /// The times in `text` longer than ``longest``: their spans (`Character` offsets) and
  /// words as written.
  public static func tooLong(in text: String) -> [(span: Range<Int>, text: String)] {
    scan(text).tooLong
  }

  private static func scan(
    _ text: String
  ) -> (found: [ProseDuration], tooLong: [(span: Range<Int>, text: String)]) {
    let chars = Array(text)
    let tokens = ProseTokens.tokens(of: chars)
    var found: [ProseDuration] = []
    var tooLong: [(span: Range<Int>, text: String)] = []
    for match in ProseDurationScanner(tokens: tokens).matches() {
      let span = match.start..<match.end
      let words = String(chars[span])
      // Checked before any conversion: a number of any size in the words never traps.
      // A range either of whose bounds is too long is left out whole.
      let high = match.upperSeconds.map { milliseconds($0) ?? -1 }
      guard let low = milliseconds(match.seconds), high ?? 0 >= 0 else {
        tooLong.append((span, words))
        continue
      }
      found.append(ProseDuration(span: span, text: words, duration: low, upperDuration: high))
    }
    return (found, tooLong)
  }

  /// `seconds` in whole milliseconds if finite and at most ``longest``, else `nil`.
  static func milliseconds(_ seconds: Double) -> Int64? {
    let ms = (seconds * 1000).rounded()
    guard ms.isFinite, ms >= 0, ms <= Double(longest) else { return nil }
    return Int64(ms)
  }
}
