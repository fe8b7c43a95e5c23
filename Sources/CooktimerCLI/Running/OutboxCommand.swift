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
      return Output(stdout: "\(marked) push(es) marked sent\n")
    }
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
      ("target", encodeJSON(entry.draft.target)),
      ("timestamp", String(entry.draft.timestamp)),
    ]
    return "{" + fields.map { "\(encodeJSON($0.0)):\($0.1)" }.joined(separator: ",") + "}"
  }
}
