import CooktimerCore

/// The "Active runs:" part of the REPL's greeting. Every run is listed while they fit on the
/// screen; beyond a screenful only the first 10 are (``Screenful``), and one line says how
/// many more there are and where to see them, so 50,000 runs never scroll the prompt away.
enum ActiveRunsSummary {
  /// The lines after the greeting (none without active runs), for a screen of `rows` lines.
  ///
  /// - Parameters:
  ///   - runs: the active runs as stored, in the order `status` lists them.
  ///   - now: Unix ms; each listed run is shown as it is then.
  static func lines(_ runs: [Run], rows: Int, now: Instant) -> [String] {
    guard !runs.isEmpty else { return [] }
    // Only the runs shown are settled: 50,000 would take a while.
    let shown =
      Screenful.fits(runs.count, rows: rows) ? runs[...] : runs.prefix(Screenful.shownBeyond)
    var lines = ["Active runs:"]
    for run in shown {
      let settled = run.settled(at: now).run
      lines.append(
        "  \(run.id)  \(TerminalText.line(run.recipe.title)) — step \(settled.stepNumber) of "
          + "\(settled.stepCount), \(settled.phase.rawValue)")
    }
    if shown.count < runs.count {
      let more = Screenful.grouped(runs.count - shown.count)
      lines.append("  … and \(more) more: `status` lists them all")
    }
    return lines
  }
}
