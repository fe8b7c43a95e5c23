import CooktimerCore
import Foundation

/// The human `status` of a run at the instant it is settled at:
///
///     a3f  Spaghetti — step 2 of 4, running
///          Nudeln in das kochende Wasser geben, 8 Minuten kochen.
///       1  Wasser     fired    done at 18:05:00
///       2  Nudeln     running  7:12  ends 18:13:00
///      s1  10 Minuten  (suggested: begin s1)
///
/// With `width` (the terminal's columns), the step's text wraps at word boundaries.
func statusText(_ settled: SettledRun, zone: TimeZone, width: Int? = nil) -> String {
  let (run, now) = (settled.run, settled.at)
  var lines = [
    "\(run.id)  \(TerminalText.line(run.recipe.title)) — step \(run.stepNumber) of \(run.stepCount), \(run.phase.rawValue)"
      + (run.autoAdvance ? " (auto-advance)" : "")
  ]
  let step = TerminalText.line(run.step.text)
  lines += width.map { wordWrapped(step, width: $0, indent: "     ") } ?? ["     \(step)"]
  let nameWidth = run.timers.indices.map { label(run, $0).count }.max() ?? 0
  for t in run.timers.indices {
    let name = label(run, t).rightPad(nameWidth)
    let state = run.timers[t].state.name.rightPad(9)
    lines.append("  \(String(t + 1).leftPad(3))  \(name)  \(state)\(detail(run, t, now, zone))")
  }
  // Times the current step names in words, one `begin sN` away.
  for suggestion in run.isActive ? run.startableSuggestions : [] {
    lines.append(
      "  \(suggestion.label.leftPad(3))  \(TerminalText.line(suggestion.text))"
        + "  (suggested: begin \(suggestion.label))")
  }
  // A skipped timer has no detail and an empty step no text: no line ends in padding.
  return lines.map(\.droppingTrailingSpaces).joined(separator: "\n")
}

/// A timer's label in lists: its name, else "step N".
func label(_ run: Run, _ t: Int) -> String {
  let name = run.timers[t].name
  return name.isEmpty ? "step \(run.timers[t].step + 1)" : TerminalText.line(name)
}

private func detail(_ run: Run, _ t: Int, _ now: Instant, _ zone: TimeZone) -> String {
  let timer = run.timers[t]
  let range = rangeText(run, t)
  switch timer.state {
  case .running(let end):
    return
      "\(DurationText.countdown(end - now))  ends \(clockTime(end, in: zone, relativeTo: now))\(range)"
  case .paused(let remaining):
    return "\(DurationText.countdown(remaining)) left"
  case .fired(let at):
    return "done at \(clockTime(at, in: zone, relativeTo: now))"
  case .waiting:
    guard let duration = timer.duration else { return "needs a duration: begin \(t + 1) DURATION" }
    return DurationText.countdown(duration + timer.added) + range
  case .skipped, .cancelled:
    return ""
  }
}

extension String {
  /// Without the spaces at its end (looked at from the end only).
  var droppingTrailingSpaces: String {
    var text = Substring(self)
    while text.last == " " { text.removeLast() }
    return String(text)
  }

  /// Right-aligned in `width` characters (never cut).
  func leftPad(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }

  /// Left-aligned in `width` characters, never cut. Counts `Character`s, unlike
  /// Foundation's `padding(toLength:)`, which counts UTF-16 units and splits emoji.
  func rightPad(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}

/// `  (recipe: 5 min–10 min, check early)` for a timer the recipe gives as a range
/// (docs/recipes.md §6: the lower bound runs first).
func rangeText(_ run: Run, _ t: Int) -> String {
  let timer = run.timers[t]
  let specs = run.recipe.steps[timer.step].timers
  guard specs.indices.contains(timer.index), let upper = specs[timer.index].upperDuration,
    let lower = specs[timer.index].duration
  else { return "" }
  return "  (recipe: \(DurationText.short(lower))–\(DurationText.short(upper)), check early)"
}
