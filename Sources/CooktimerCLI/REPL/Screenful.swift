import CooktimerCore

/// Lists at the prompt that can run to thousands of lines — the active runs, the alarms
/// missed while no REPL ran, the reminders of alarms still ringing — are shown whole while
/// they fit on the screen, else their first ``shownBeyond`` and one line for the rest, so the
/// prompt never scrolls away.
enum Screenful {
  /// Lines shown of a list that does not fit.
  static let shownBeyond = 10
  /// Screen lines kept for the greeting, a heading, the summary line and the prompt.
  static let reservedRows = 4

  /// Whether `count` lines fit on a screen of `rows` lines.
  static func fits(_ count: Int, rows: Int) -> Bool {
    count <= max(rows - reservedRows, shownBeyond)
  }

  /// `lines`, or their first ``shownBeyond`` and `rest(n)` for the other `n` (grouped
  /// digits: `49,990`).
  static func lines(_ lines: [String], rows: Int, rest: (String) -> String) -> [String] {
    guard !fits(lines.count, rows: rows) else { return lines }
    return lines.prefix(shownBeyond) + [rest(GroupedDigits.text(lines.count - shownBeyond))]
  }
}
