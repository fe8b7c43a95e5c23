import CooktimerCore
import CooktimerStore

extension CommandContext {
  /// Applies one engine transition to a stored run in one transaction: settles and changes
  /// the run at `now`, logs its events, queues the Live Activity push it implies.
  ///
  /// - Returns: the run after the change and what the engine reported.
  func transition(
    _ given: String?, _ body: (inout Run, Instant) throws -> Change
  ) throws -> (run: Run, change: Change, now: Instant) {
    let id = try runID(given)
    let now = self.now
    var result: Change?
    var at = now
    let run = try store().update(runID: id) { run, tx in
      at = max(now, run.lastChange)
      // What happened by itself since the last change is recorded first, with its pushes.
      var changing = try catchUp(run, through: at, tx: tx)
      let change = try body(&changing, at)
      result = change
      run = changing
      guard change.changedState else { return StoreChange(nextDue: run.nextDue) }
      let pushes = try pushDrafts(for: run, events: change.events, at: at, tx: tx)
      return StoreChange(events: change.events, nextDue: run.nextDue, outbox: pushes)
    }
    return (run, result ?? Change(), at)
  }

  /// Runs a transition command and prints what happened.
  func changeCommand(
    _ given: String?, verb: String, _ body: (inout Run, Instant) throws -> Change
  ) throws -> Output {
    let (run, change, now) = try transition(given, body)
    if json {
      return Output(stdout: encodeJSON(ChangeJSON(run: run, change: change, at: now)) + "\n")
    }
    if let note = change.unchanged {
      return Output(stdout: "\(note) — nothing changed\n")
    }
    return Output(stdout: changeText(run, change, verb: verb, at: now) + "\n")
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
