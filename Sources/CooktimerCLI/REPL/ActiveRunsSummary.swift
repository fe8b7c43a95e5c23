import CooktimerCore

/// The "Active runs:" part of the REPL's greeting. Every run is listed while they fit on the
/// screen; beyond a screenful only the first ``shownBeyondScreen`` are, and one line says how
/// many more there are and where to see them, so 50,000 runs never scroll the prompt away.
enum ActiveRunsSummary {
  /// Runs listed when not all of them fit.
  static let shownBeyondScreen = 10
  /// Screen lines kept for the greeting, the heading, the summary line and the prompt.
  static let reservedRows = 4

  /// The lines after the greeting (none without active runs), for a screen of `rows` lines.
  ///
  /// - Parameters:
  ///   - runs: the active runs as stored, in the order `status` lists them.
  ///   - now: Unix ms; each listed run is shown as it is then.
  static func lines(_ runs: [Run], rows: Int, now: Instant) -> [String] {
    guard !runs.isEmpty else { return [] }
    let fits = runs.count <= max(rows - reservedRows, shownBeyondScreen)
    let shown = fits ? runs[...] : runs.prefix(shownBeyondScreen)
    var lines = ["Active runs:"]
    for run in shown {
      let settled = run.settled(at: now).run
      lines.append(
        "  \(run.id)  \(TerminalText.line(run.recipe.title)) — step \(settled.stepNumber) of "
          + "\(settled.stepCount), \(settled.phase.rawValue)")
    }
    if !fits {
      lines.append("  … and \(grouped(runs.count - shown.count)) more: `status` lists them all")
    }
    return lines
  }

  /// `49990` as `49,990`, whatever the locale: the REPL's text is English.
  static func grouped(_ n: Int) -> String {
    let digits = String(n)
    var out = ""
    for (i, digit) in digits.enumerated() {
      if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return out
  }
}
