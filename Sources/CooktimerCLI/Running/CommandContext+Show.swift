import CooktimerCore
import CooktimerService

extension CommandContext {
  /// `show RECIPE`: its steps, timers and suggested timers (times named only in the words,
  /// labelled `s1`, `s2`… through the recipe).
  func show(_ name: String) throws -> Output {
    let loaded = try loadRecipe(name)
    let recipe = loaded.recipe
    let suggested = loaded.document.steps.map(SuggestedTimers.of)
    if json {
      return Output(
        stdout: encodeJSON(loaded.showDocument) + "\n", stderr: loaded.warnings)
    }
    var lines = ["\(TerminalText.line(recipe.title))  (\(loaded.path))"]
    let meta = recipe.metadata.filter { $0.key != "title" }.map {
      TerminalText.line("\($0.key): \($0.value.text)")
    }
    if !meta.isEmpty { lines.append(meta.joined(separator: " · ")) }
    let ingredients = Self.ingredientLines(loaded.document)
    if !ingredients.isEmpty { lines += ["Ingredients:"] + ingredients }
    var section: String?
    var label = 0
    for (i, step) in recipe.steps.enumerated() {
      if let s = step.section, s != section, !s.isEmpty {
        lines.append("\n== \(TerminalText.line(s))")
      }
      section = step.section
      lines.append("\(String(i + 1).leftPad(3)). \(TerminalText.line(step.text))")
      lines += step.timers.map(Self.timerLine)
      for found in i < suggested.count ? suggested[i] : [] {
        label += 1
        lines.append(
          "       s\(label) ⏲ " + Self.length(found.duration, found.upperDuration)
            + "  \"\(TerminalText.line(found.text))\" (suggested)")
      }
    }
    if label > 0 {
      lines.append(
        "Suggested timers (s1…) are times the steps name in words; "
          + "`start \(TerminalText.line(name)) --prose-timers` runs them as timers.")
    }
    return Output(stdout: lines.joined(separator: "\n") + "\n", stderr: loaded.warnings)
  }

  /// One line per ingredient as the steps name it, in order: its quantity and unit as
  /// written, its name and its preparation (`  2 Zehen Knoblauch (gehackt)`); the quantities
  /// are right-aligned so the names line up.
  static func ingredientLines(_ document: CooklangDocument) -> [String] {
    let items = document.steps.flatMap(\.items).filter { $0.kind == .ingredient }
    let amounts = items.map { item in
      TerminalText.line(
        [item.quantityText, item.units].filter { !$0.isEmpty }.joined(separator: " "))
    }
    let width = amounts.map(\.count).max() ?? 0
    return zip(items, amounts).map { item, amount in
      let preparation = item.preparation.map { " (\(TerminalText.line($0)))" } ?? ""
      let name = TerminalText.line(item.value) + preparation
      return "  " + amount.leftPad(width) + (width > 0 ? "  " : "") + name
    }
  }

  /// How it starts against the timer before it, first: "then ⏱ uncovered 25 min".
  private static func timerLine(_ timer: TimerSpec) -> String {
    let lead: String
    switch timer.start {
    case .withStep: lead = "     "
    case .afterPrevious: lead = "then "
    case .withPrevious: lead = "meanwhile "
    case .alternativeToPrevious: lead = "or "
    }
    let name = timer.name.isEmpty ? "timer" : TerminalText.line(timer.name)
    guard let ms = timer.duration else {
      return "       \(lead)⏱ \(name) (no duration: `begin` asks for one)"
    }
    return "       \(lead)⏱ \(name) " + length(ms, timer.upperDuration)
  }

  private static func length(_ ms: Int64, _ upper: Int64?) -> String {
    DurationText.short(ms) + (upper.map { " to " + DurationText.short($0) } ?? "")
  }
}
