import CooktimerCore
import Foundation

/// Where a planned push goes (docs/live-activity.md §4.1).
public enum PushTarget: Hashable, Sendable {
  /// The app's push-to-start token: every `start`.
  case pushToStart
  /// The token of activity `n` (1, 2, …) as the phone reported it: its updates and end.
  case activity(Int)
  /// The app's device tokens: the backup alert of a fire (docs/delivery.md §6).
  case device

  /// The wire form `plan` and `outbox` print: `"push-to-start"`, `"device"`, or the
  /// activity's number as a number.
  public func encoded() throws(ActivityError) -> Data {
    switch self {
    case .pushToStart: return try WireJSON.encode("push-to-start")
    case .device: return try WireJSON.encode("device")
    case .activity(let n): return try WireJSON.encode(n)
    }
  }
}

/// One line of a push plan: when to send what, to whom.
public struct PlannedPush: Hashable, Sendable {
  /// When to send it; also the "now" it was built at.
  public var sendAt: Instant
  public var event: PushEvent
  public var priority: PushPriority
  public var target: PushTarget
  /// The activity the push belongs to (for a start: the one it creates), 1-based.
  public var activity: Int
  /// Its `aps.timestamp`, Unix seconds; strictly increasing through the plan.
  public var timestamp: Int64
  public var headers: [String: String]
  /// The exact body bytes (at most 4096).
  public var body: Data

  public init(
    sendAt: Instant, event: PushEvent, priority: PushPriority, target: PushTarget,
    activity: Int, timestamp: Int64, headers: [String: String], body: Data
  ) {
    self.sendAt = sendAt
    self.event = event
    self.priority = priority
    self.target = target
    self.activity = activity
    self.timestamp = timestamp
    self.headers = headers
    self.body = body
  }

  /// One JSON object on one line (no newline): `activity`, `body` (an object), `event`,
  /// `headers`, `priority` (Int), `sendAt` (ISO 8601 UTC with milliseconds), `target`
  /// (`"push-to-start"` or the activity number) and `timestamp`, keys sorted.
  public func jsonLine() throws(ActivityError) -> Data {
    return try WireJSON.object([
      "activity": try WireJSON.encode(activity),
      "body": body,
      "event": try WireJSON.encode(event.rawValue),
      "headers": try WireJSON.encode(headers),
      "priority": try WireJSON.encode(priority.rawValue),
      "sendAt": try WireJSON.encode(sendAt.description),
      "target": try target.encoded(),
      "timestamp": try WireJSON.encode(timestamp),
    ])
  }
}

/// The plan as JSON lines: one object per push, each line ending in a newline.
public func jsonLines(_ plan: [PlannedPush]) throws(ActivityError) -> Data {
  var out = Data()
  for push in plan {
    out.append(try push.jsonLine())
    out.append(contentsOf: "\n".utf8)
  }
  return out
}
