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
    let lines = try entries.map { try outboxLine($0, topic: topic) }
    let warnings = topic == nil && !entries.isEmpty ? ["cooktimer: \(Self.noTopic)"] : []
    if json {
      return Output(
        stdout: "{\"pending\":[\(lines.joined(separator: ","))]}\n", stderr: warnings)
    }
    return Output(stdout: lines.map { $0 + "\n" }.joined(), stderr: warnings)
  }

  /// One entry as a JSON object; headers and body embedded as objects, keys sorted.
  private func outboxLine(_ entry: OutboxEntry, topic: String?) throws -> String {
    var headers =
      (try? JSONDecoder().decode([String: String].self, from: Data(entry.draft.headers.utf8)))
      ?? [:]
    if let topic { headers["apns-topic"] = PushRequest.liveActivityTopic(topic) }
    var fields: [(String, String)] = [
      ("activity", String(entry.draft.activity)),
      ("body", entry.draft.body),
      ("createdAt", encodeJSON(entry.draft.createdAt.description)),
      ("event", encodeJSON(entry.draft.event)),
      ("headers", try WireJSON.string(headers)),
      ("id", String(entry.id)),
      ("priority", String(entry.draft.priority)),
      ("run", encodeJSON(entry.runID)),
      // The activity's number is a number, as in `plan`; push-to-start is a string.
      ("target", Int(entry.draft.target).map(String.init) ?? encodeJSON(entry.draft.target)),
      ("timestamp", String(entry.draft.timestamp)),
    ]
    if topic == nil { fields.insert(("problem", encodeJSON("no APNs topic set")), at: 7) }
    return "{" + fields.map { "\(encodeJSON($0.0)):\($0.1)" }.joined(separator: ",") + "}"
  }
}
