import CooktimerCore
import CooktimerStore
import Foundation

extension CommandContext {
  /// `outbox`: pending pushes as JSON lines (`--json`: `{"pending": [...]}`);
  /// `--mark-sent 3,4` marks them sent (idempotent).
  func outbox(markSent ids: [Int64]) throws -> Output {
    let store = try store()
    if !ids.isEmpty {
      let marked = try store.markSent(ids: ids, at: now)
      if json { return Output(stdout: encodeJSON(["marked": marked]) + "\n") }
      let text = marked == 1 ? "1 push marked sent" : "\(marked) pushes marked sent"
      let missed = ids.count - marked
      let note = missed > 0 ? " (\(missed) of the ids named no pending push)" : ""
      return Output(stdout: text + note + "\n")
    }
    // A sender reads here: first record what fired since, so its pushes are queued too.
    try catchUpAll(through: now)
    let lines = try store.pendingOutbox().map(outboxLine)
    if json { return Output(stdout: "{\"pending\":[\(lines.joined(separator: ","))]}\n") }
    return Output(stdout: lines.map { $0 + "\n" }.joined())
  }

  /// One entry as a JSON object; headers and body embedded as objects, keys sorted.
  private func outboxLine(_ entry: OutboxEntry) -> String {
    let fields: [(String, String)] = [
      ("body", entry.draft.body),
      ("createdAt", encodeJSON(entry.draft.createdAt.description)),
      ("event", encodeJSON(entry.draft.event)),
      ("headers", entry.draft.headers),
      ("id", String(entry.id)),
      ("priority", String(entry.draft.priority)),
      ("run", encodeJSON(entry.runID)),
      // The activity's number is a number, as in `plan`; push-to-start is a string.
      ("target", Int(entry.draft.target).map(String.init) ?? encodeJSON(entry.draft.target)),
      ("timestamp", String(entry.draft.timestamp)),
    ]
    return "{" + fields.map { "\(encodeJSON($0.0)):\($0.1)" }.joined(separator: ",") + "}"
  }
}
