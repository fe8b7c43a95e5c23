import CooktimerCore
import CooktimerService
import Foundation

extension CommandContext {
  /// `timeline [RUN]`: when each step starts and ends from now on, and when the run is done,
  /// assuming it goes on untouched (see `Run.timeline(at:untimedStep:)`).
  func timeline(_ given: String?) throws -> Output {
    let run = try run(given)
    let id = run.id
    let now = max(self.now, run.lastChange)
    let timeline = run.timeline(at: now)
    if json { return Output(stdout: encodeJSON(TimelineDocument(id: id, timeline)) + "\n") }
    var lines = ["\(id)  \(TerminalText.line(run.recipe.title))"]
    for entry in timeline.entries {
      let text = StepText.shortened(TerminalText.line(run.recipe.steps[entry.step].text), to: 60)
      let wait = entry.waitsForCook ? "  (waits for you)" : ""
      lines.append(
        "  step \(entry.step + 1)  \(clockTime(entry.start, in: zone, relativeTo: now)) → \(clockTime(entry.end, in: zone, relativeTo: now))  \(text)\(wait)"
      )
    }
    if let ended = run.endedAt {
      // Over already: when, and how long ago (timers.md: "done at 18:05:00, 3 min ago").
      let word: String
      if case .stopped = run.status { word = "stopped" } else { word = "done" }
      let at = clockTime(ended, in: zone, relativeTo: self.now)
      lines.append("  \(word) at \(at), \(agoText(ended, now: self.now))")
    } else {
      let left = DurationText.short(max(0, timeline.done - now))
      lines.append("  done at \(clockTime(timeline.done, in: zone, relativeTo: now)) (in \(left))")
    }
    return Output(stdout: lines.joined(separator: "\n") + "\n")
  }
}
