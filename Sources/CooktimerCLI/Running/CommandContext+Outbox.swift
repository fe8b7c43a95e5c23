import CooktimerActivity
import CooktimerCore
import CooktimerService
import Foundation

extension CommandContext {
  /// `outbox`: pending pushes as JSON lines (`--json`: `{"pending": [...]}`);
  /// `--mark-sent 3,4` marks them sent (idempotent). Each line's headers carry the topic in
  /// force; without one, stderr says so and each line has `"problem"`.
  /// At most `page.limit` (default 1000) after id `page.after`; stderr says how many more
  /// wait and how to see them (`{"more": N}` with `--json`).
  func outbox(markSent ids: [Int64], page: OutboxPage = OutboxPage()) throws -> Output {
    let service = try service()
    if !ids.isEmpty {
      let marked = try service.markSent(ids, at: now)
      if json { return Output(stdout: encodeJSON(["marked": marked]) + "\n") }
      let text = marked == 1 ? "1 push marked sent" : "\(marked) pushes marked sent"
      let missed = ids.count - marked
      let note = missed > 0 ? " (\(missed) of the ids named no pending push)" : ""
      return Output(stdout: text + note + "\n")
    }
    let limit = page.limit ?? 1000
    let entries = try service.pendingPushes(at: now, limit: limit, after: page.after ?? 0)
    let topic = try service.settingsInForce().topic
    let lines = try entries.map { try OutboxDocument.line($0, topic: topic) }
    var warnings = topic == nil && !entries.isEmpty ? ["cooktimer: \(Self.noTopic)"] : []
    let more = try entries.last.map { try service.pendingCount(after: $0.id) } ?? 0
    if more > 0, let last = entries.last {
      warnings.append(
        "cooktimer: \(more) more pending after id \(last.id); `outbox --after \(last.id)` lists them"
      )
    }
    if json {
      let tail = more > 0 ? ",\"more\":\(more)" : ""
      return Output(
        stdout: "{\"pending\":[\(lines.joined(separator: ","))]\(tail)}\n", stderr: warnings)
    }
    return Output(stdout: lines.map { $0 + "\n" }.joined(), stderr: warnings)
  }
}
