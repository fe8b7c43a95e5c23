import CooktimerActivity
import CooktimerStore
import Foundation

/// The pending pushes as `outbox --json` prints them and `GET /v1/outbox` sends them:
/// `{"pending": [...]}`, each entry's headers and body embedded as objects, keys sorted, with
/// its cause (``PushCause``'s stored form).
/// Each entry's headers carry the topic in force; without one, each has `"problem"`.
public enum OutboxDocument {
  /// One entry as a JSON object, as `outbox` prints each line.
  ///
  /// - Throws: ``ServiceError/activity(_:)`` (`encodingFailed`) when a field does not encode.
  public static func line(_ entry: OutboxEntry, topic: String?) throws(ServiceError) -> String {
    var headers =
      (try? JSONDecoder().decode([String: String].self, from: Data(entry.draft.headers.utf8)))
      ?? [:]
    if let topic {
      headers["apns-topic"] =
        headers["apns-push-type"] == "alert"
        ? PushRequest.alertTopic(topic) : PushRequest.liveActivityTopic(topic)
    }
    // The activity's number is a number, as in `plan`; push-to-start and device are strings.
    let typed: String?
    let payload = OutboxPush.decoded(entry.draft.payload)
    do {
      typed = try payload.map { String(decoding: try $0.target.encoded(), as: UTF8.self) }
    } catch {
      throw .activity(.encodingFailed("the outbox row \(entry.id) does not decode: \(error)"))
    }
    let target: String
    if let typed {
      target = typed
    } else if let number = Int(entry.draft.target) {
      target = String(number)
    } else {
      target = try text(entry.draft.target)
    }
    var fields: [(String, String)] = [
      ("activity", String(entry.draft.activity)),
      ("body", entry.draft.body),
      ("createdAt", try text(entry.draft.createdAt.description)),
      ("event", try text(entry.draft.event)),
      ("headers", try text(headers)),
      ("id", String(entry.id)),
      ("priority", String(entry.draft.priority)),
      ("run", try text(entry.runID)),
      ("target", target),
      ("timestamp", String(entry.draft.timestamp)),
    ]
    if topic == nil { fields.insert(("problem", try text("no APNs topic set")), at: 7) }
    // Why it goes (`{"kind": "rescored"}`, `{"kind": "cook", "action": "pause"}`, …); a row
    // written before payloads has none.
    if let cause = payload?.cause { fields.insert(("cause", try text(cause)), at: 2) }
    let members = try fields.map { (field) throws(ServiceError) in
      "\(try text(field.0)):\(field.1)"
    }
    return "{" + members.joined(separator: ",") + "}"
  }

  /// The whole document, without a trailing newline.
  ///
  /// - Throws: as ``line(_:topic:)``.
  public static func document(_ entries: [OutboxEntry], topic: String?) throws(ServiceError)
    -> String
  {
    let lines = try entries.map { (entry) throws(ServiceError) in try line(entry, topic: topic) }
    return "{\"pending\":[\(lines.joined(separator: ","))]}"
  }

  private static func text(_ value: some Encodable) throws(ServiceError) -> String {
    do {
      return try WireJSON.string(value)
    } catch {
      throw .activity(error)
    }
  }
}
