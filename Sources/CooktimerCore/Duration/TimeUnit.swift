/// A unit of time as recipes and cooks write it, with every spelling we accept.
///
/// The table is `docs/recipes.md` §5.1 (English, German, French, Chinese), shared by
/// the duration grammar (docs/timers.md §3) and Cooklang timers, so both read the same words.
/// Spellings match case-insensitively, with or without one trailing dot (`Min.`, `Std.`).
/// A unit is never guessed from its first letter: `Stunden` is hours, `Sekunden` seconds.
public enum TimeUnit: Int64, CaseIterable, Hashable, Sendable {
  case second = 1
  case minute = 60
  case hour = 3600
  case day = 86400

  /// The length of one unit in milliseconds.
  public var milliseconds: Int64 { rawValue * 1000 }

  /// Every accepted spelling, lowercased and without a trailing dot.
  public var spellings: [String] {
    switch self {
    case .second:
      return [
        "s", "sec", "secs", "second", "seconds", "sek", "sekunde", "sekunden", "seconde",
        "secondes", "秒",
      ]
    case .minute:
      return ["m", "min", "mins", "minute", "minutes", "minuten", "分", "分钟"]
    case .hour:
      return [
        "h", "hr", "hrs", "hour", "hours", "std", "stunde", "stunden", "heure", "heures", "小时",
      ]
    case .day:
      return ["d", "day", "days", "tag", "tage", "jour", "jours", "天"]
    }
  }

  /// The unit `word` names (`"Min."`, `"hours"`, `"分钟"`), or `nil` if the table has no
  /// such spelling.
  public init?(spelling word: String) {
    var key = word.lowercased()
    if key.hasSuffix(".") { key.removeLast() }
    guard let unit = TimeUnit.bySpelling[key] else { return nil }
    self = unit
  }

  private static let bySpelling: [String: TimeUnit] = {
    var table: [String: TimeUnit] = [:]
    for unit in TimeUnit.allCases {
      for spelling in unit.spellings { table[spelling] = unit }
    }
    return table
  }()

  /// The symbol used in suggestions and short displays (`s`, `min`, `h`, `d`).
  var symbol: String {
    switch self {
    case .second: return "s"
    case .minute: return "min"
    case .hour: return "h"
    case .day: return "d"
    }
  }
}
