import CooktimerActivity
import CooktimerCore
import CooktimerService
import CooktimerStore
import Foundation

extension CommandContext {
  /// `outbox`: pending pushes as JSON lines (`--json`: `{"pending": [...]}`);
  /// `--mark-sent 3,4` marks them sent (idempotent). Each line's headers carry the topic in
  /// force; without one, stderr says so and each line has `"problem"`.
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
    let service = try service()
    let entries = try service.pendingPushes(at: now)
    let topic = try service.settingsInForce().topic
    let lines = try entries.map { try OutboxDocument.line($0, topic: topic) }
    let warnings = topic == nil && !entries.isEmpty ? ["cooktimer: \(Self.noTopic)"] : []
    if json {
      return Output(
        stdout: "{\"pending\":[\(lines.joined(separator: ","))]}\n", stderr: warnings)
    }
    return Output(stdout: lines.map { $0 + "\n" }.joined(), stderr: warnings)
  }
}
