import CooktimerCore
import CooktimerService

extension CommandContext {
  /// Runs a change through the application layer and prints what happened.
  func changeCommand(_ given: String?, _ action: RunAction, verb: String) throws -> Output {
    let outcome = try service().perform(action, on: given, at: now)
    let (run, change, now) = (outcome.run, outcome.change, outcome.at)
    if json {
      return Output(stdout: encodeJSON(ChangeDocument(run: run, change: change, at: now)) + "\n")
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
