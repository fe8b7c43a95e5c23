import CooktimerCore
import CooktimerService

extension CommandContext {
  /// Runs a change through the application layer and prints what happened.
  func changeCommand(_ given: String?, _ action: RunAction, verb: String) throws -> Output {
    let outcome = try service().perform(action, on: given, at: now)
    let (run, change, now) = (outcome.run, outcome.change, outcome.at)
    if json {
      return Output(stdout: encodeJSON(ChangeJSON(run: run, change: change, at: now)) + "\n")
    }
    if let note = change.unchanged {
      return Output(stdout: "\(note) — nothing changed\n")
    }
    var text = changeText(run, change, verb: verb, at: now) + "\n"
    if let end = outcome.resolvedEnd, let note = repeatedClockTimeNote(end, zone: zone) {
      text += "  \(note)\n"
    }
    return Output(stdout: text)
  }
}

/// `--json` for a state change: the run after it, and whether anything changed.
struct ChangeJSON: Encodable {
  var id: String
  var changed: Bool
  var note: String?
  var run: RunJSON

  init(run: Run, change: Change, at now: Instant) {
    id = run.id
    changed = change.changedState
    note = change.unchanged
    self.run = RunJSON(run, at: now)
  }
}
