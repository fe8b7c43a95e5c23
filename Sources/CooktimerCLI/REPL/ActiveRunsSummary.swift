import CooktimerCore

/// The "Active runs:" part of the REPL's greeting. Every run is listed while they fit on the
/// screen; beyond a screenful only the first 10 are (``Screenful``), and one line says how
/// many more there are and where to see them, so 50,000 runs never scroll the prompt away.
enum ActiveRunsSummary {
  /// How many runs the greeting may show on a screen of `rows` lines: read no more.
  static func readAtMost(rows: Int) -> Int {
    max(rows - Screenful.reservedRows, Screenful.shownBeyond)
  }

  /// The lines after the greeting (none without active runs), for a screen of `rows` lines.
  ///
  /// - Parameters:
  ///   - runs: the first active runs as stored, in the order `status` lists them (at least
  ///     ``readAtMost(rows:)`` of them when there are that many).
  ///   - total: how many runs are active.
  ///   - now: Unix ms; each listed run is shown as it is then.
  static func lines(_ runs: [Run], of total: Int, rows: Int, now: Instant) -> [String] {
    guard total > 0 else { return [] }
    // Only the runs shown are settled: 50,000 would take a while.
    let shown =
      Screenful.fits(total, rows: rows) ? runs[...] : runs.prefix(Screenful.shownBeyond)
    var lines = ["Active runs:"]
    for run in shown {
      let settled = run.settled(at: now).run
      lines.append(
        "  \(run.id)  \(TerminalText.line(run.recipe.title)) — step \(settled.stepNumber) of "
          + "\(settled.stepCount), \(settled.phase.rawValue)")
    }
    if shown.count < total {
      let more = GroupedDigits.text(total - shown.count)
      lines.append("  … and \(more) more: `status` lists them all")
    }
    return lines
  }
}
