import Foundation

/// One APNs Live Activity request: headers and the exact body bytes to POST. No networking
/// here; token (JWT ES256) authentication is the sender's job.
public struct PushRequest: Hashable, Sendable {
  /// The largest body APNs accepts for a Live Activity, in UTF-8 bytes.
  public static let bodyLimit = 4096

  public var event: PushEvent
  public var priority: PushPriority
  /// `apns-push-type: liveactivity`, `apns-topic: <bundle id>.push-type.liveactivity`,
  /// `apns-priority: 10|5`.
  public var headers: [String: String]
  /// The body as sent (at most ``bodyLimit`` bytes).
  public var body: Data
  /// Things the caller should tell the user on stderr (e.g. a capped dismissal date).
  public var warnings: [String]

  public init(
    event: PushEvent, priority: PushPriority, headers: [String: String], body: Data,
    warnings: [String] = []
  ) {
    self.event = event
    self.priority = priority
    self.headers = headers
    self.body = body
    self.warnings = warnings
  }

  /// The headers for `topic` (a bundle id; the `.push-type.liveactivity` suffix is added
  /// unless present) and `priority`.
  public static func headers(topic: String, priority: PushPriority) -> [String: String] {
    let suffix = ".push-type.liveactivity"
    return [
      "apns-push-type": "liveactivity",
      "apns-topic": topic.hasSuffix(suffix) ? topic : topic + suffix,
      "apns-priority": String(priority.rawValue),
    ]
  }

  /// `payload --json`: `{"body": {...}, "headers": {...}}`, the body embedded as an object.
  public func jsonObject() throws(ActivityError) -> Data {
    try WireJSON.object(["body": body, "headers": try WireJSON.encode(headers)])
  }
}
