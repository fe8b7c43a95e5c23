import CooktimerCore
import Foundation

/// `18:05:00 ⏰ Spaghetti — Wasser is done · `next``, with "(done at …, 3 min ago)" when late.
/// Without `followUp` (a reminder, rung later) the part after `·` is left out: what comes next
/// was true when the timer fired and may have passed since ("b starts (0:08)").
func alarmText(_ alarm: Alarm, now: Instant, zone: TimeZone, followUp: Bool = true) -> String {
  let time = clockTime(alarm.at, in: zone, relativeTo: now)
  var text: String
  switch alarm.kind {
  case .timerFired:
    text = "\(time) ⏰ \(alarm.recipe) — \(alarm.timer) is done"
    if followUp, !alarm.followUp.isEmpty { text += " · \(alarm.followUp)" }
  case .stepStarted:
    text =
      "\(time) ▶ \(alarm.recipe) — step \(alarm.stepNumber) of \(alarm.stepCount): \(alarm.stepText)"
  case .finished:
    text = "\(time) ✔ \(alarm.recipe) — finished"
  }
  // Late: fired while no cooktimer was running, or while the machine slept.
  if now - alarm.at >= 1000 {
    let ago = agoText(alarm.at, now: now)
    text += alarm.kind == .timerFired ? " (done at \(time), \(ago))" : " (\(ago))"
  }
  // Recipe text on a line of ours: escaped, one line (docs/cli.md §5).
  return TerminalText.line("[\(alarm.runID)] " + text)
}
