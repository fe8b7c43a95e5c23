import CooktimerCore
import CooktimerService

extension CommandContext {
  /// Runs a change through the application layer and prints what happened.
  func changeCommand(_ given: String?, _ action: RunAction) throws -> Output {
    let outcome = try service().perform(action, on: given, at: now)
    let (run, change, now) = (outcome.run, outcome.change, outcome.at)
    if json {
      return Output(stdout: encodeJSON(ChangeDocument(run: run, change: change, at: now)) + "\n")
    }
    if let note = change.unchanged {
      return Output(stdout: "\(note) — nothing changed\n")
    }
    var text = changeText(run, change, action: action, at: now, width: textWidth) + "\n"
    if let end = outcome.resolvedEnd, let note = repeatedClockTimeNote(end, zone: zone) {
      text += "  \(note)\n"
    }
    return Output(stdout: text)
  }
}

extension Session {
  /// `action` on the run `id`, printed as its command prints it (`watch`'s keys send these).
  func perform(_ action: RunAction, on id: String) -> Output {
    do {
      return try CommandContext(session: self, options: baseOptions).changeCommand(id, action)
    } catch {
      return failure(error, json: baseOptions.json)
    }
  }
}

extension RunAction {
  /// What the change line says the action did: "k4m paused: …".
  var verb: String {
    switch self {
    case .pause: return "paused"
    case .resume: return "resumed"
    case .next: return "moved on"
    case .add: return "added time"
    case .stop: return "stopped"
    case .restart: return "restarted"
    case .skip: return "skipped a timer"
    case .cancel: return "cancelled a timer"
    case .begin: return "started a timer"
    }
  }

  /// The action puts a step in front of the cook: its text is shown.
  var showsStep: Bool { self == .next || self == .restart }
}
