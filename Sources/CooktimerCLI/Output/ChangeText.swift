import CooktimerCore
import CooktimerService

/// One or two lines saying what a state change did, naming every timer it cancelled or skipped.
/// With `width` (the terminal's columns) the step's text wraps at word boundaries, as in
/// `status`.
func changeText(
  _ run: Run, _ change: Change, action: RunAction, at now: Instant, width: Int? = nil
) -> String {
  var lines: [String] = []
  switch run.phase {
  case .finished, .stopped:
    lines.append("\(run.id) \(run.phase.rawValue): \(TerminalText.line(run.recipe.title))")
  default:
    lines.append(
      "\(run.id) \(action.verb): \(TerminalText.line(run.recipe.title)) — step \(run.stepNumber) of \(run.stepCount), "
        + run.phase.rawValue)
  }
  if action.showsStep, run.status == .active {
    let step = TerminalText.line(run.step.text)
    lines += width.map { wordWrapped(step, width: $0, indent: "  ") } ?? ["  \(step)"]
  }
  for event in change.events {
    guard let t = event.timer else { continue }
    switch event.kind {
    case .timerStarted where event.at == now:
      let left = run.remaining(ofTimer: t, at: now).map(DurationText.countdown) ?? ""
      lines.append("  ⏱ \(label(run, t)) started: \(left)")
    case .timerCancelled:
      lines.append("  cancelled: \(label(run, t))")
    case .timerSkipped:
      lines.append("  skipped: \(label(run, t))")
    case .added:
      let left = run.remaining(ofTimer: t, at: now).map(DurationText.countdown) ?? ""
      let amount = event.amount ?? 0
      let sign = amount < 0 ? "-" : "+"
      lines.append("  \(label(run, t)): \(sign)\(DurationText.short(abs(amount))), \(left) left")
    default: continue
    }
  }
  // Skipping one of "a or b" leaves the other to start: say how, or it looks lost too.
  if case .skip = action,
    let skipped = change.events.first(where: { $0.kind == .timerSkipped })?.timer
  {
    for t in run.startableAlternatives(of: skipped) {
      lines.append("  \(label(run, t)) can still be started instead: `begin \(t + 1)`")
    }
  }
  // A timer the recipe left without a duration: ask the cook for one.
  for t in run.timers.indices
  where run.timers[t].step == run.stepIndex && run.timers[t].state == .waiting
    && run.timers[t].duration == nil && run.status == .active
  {
    lines.append("  ⏱ \(label(run, t)) needs a duration: type `begin \(t + 1) 10m` (or another)")
  }
  return lines.joined(separator: "\n")
}
