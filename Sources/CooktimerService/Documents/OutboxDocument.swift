import CooktimerActivity
import CooktimerStore
import Foundation

/// The pending pushes as `outbox --json` prints them and `GET /v1/outbox` sends them:
/// `{"pending": [...]}`, each entry's headers and body embedded as objects, keys sorted.
/// Each entry's headers carry the topic in force; without one, each has `"problem"`.
public enum OutboxDocument {
  /// One entry as a JSON object, as `outbox` prints each line.
  public static func line(_ entry: OutboxEntry, topic: String?) throws -> String {
    var headers =
      (try? JSONDecoder().decode([String: String].self, from: Data(entry.draft.headers.utf8)))
      ?? [:]
    if let topic {
      headers["apns-topic"] =
        headers["apns-push-type"] == "alert"
        ? PushRequest.alertTopic(topic) : PushRequest.liveActivityTopic(topic)
    }
    // The activity's number is a number, as in `plan`; push-to-start and device are strings.
    let target =
      try OutboxPush.decoded(entry.draft.payload).map {
        String(decoding: try $0.target.encoded(), as: UTF8.self)
      } ?? Int(entry.draft.target).map(String.init) ?? text(entry.draft.target)
    var fields: [(String, String)] = [
      ("activity", String(entry.draft.activity)),
      ("body", entry.draft.body),
      ("createdAt", try text(entry.draft.createdAt.description)),
      ("event", try text(entry.draft.event)),
      ("headers", try WireJSON.string(headers)),
      ("id", String(entry.id)),
      ("priority", String(entry.draft.priority)),
      ("run", try text(entry.runID)),
      ("target", target),
      ("timestamp", String(entry.draft.timestamp)),
    ]
    if topic == nil { fields.insert(("problem", try text("no APNs topic set")), at: 7) }
    return try "{" + fields.map { "\(try text($0.0)):\($0.1)" }.joined(separator: ",") + "}"
  }

  /// The whole document, without a trailing newline.
  public static func document(_ entries: [OutboxEntry], topic: String?) throws -> String {
    "{\"pending\":[\(try entries.map { try line($0, topic: topic) }.joined(separator: ","))]}"
  }

  private static func text(_ string: String) throws -> String {
    try WireJSON.string(string)
  }
}
