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
  /// `apns-expiration`: Unix seconds after which APNs drops the push (``PushRule``).
  public var expiration: Int64
  /// Things the caller should tell the user on stderr (e.g. a capped dismissal date).
  public var warnings: [String]

  public init(
    event: PushEvent, priority: PushPriority, headers: [String: String], body: Data,
    expiration: Int64 = 0, warnings: [String] = []
  ) {
    self.event = event
    self.priority = priority
    self.headers = headers
    self.body = body
    self.expiration = expiration
    self.warnings = warnings
  }

  /// The headers for `topic` (a bundle id; the `.push-type.liveactivity` suffix is added
  /// unless present; `nil` leaves `apns-topic` out for the sender to add) and `priority`.
  public static func headers(topic: String?, priority: PushPriority) -> [String: String] {
    var headers = [
      "apns-push-type": "liveactivity",
      "apns-priority": String(priority.rawValue),
    ]
    if let topic { headers["apns-topic"] = liveActivityTopic(topic) }
    return headers
  }

  /// `BUNDLE.push-type.liveactivity`, the `apns-topic` of Live Activity pushes.
  public static func liveActivityTopic(_ bundle: String) -> String {
    let suffix = ".push-type.liveactivity"
    return bundle.hasSuffix(suffix) ? bundle : bundle + suffix
  }

  /// `payload --json`: `{"body": {...}, "headers": {...}}`, the body embedded as an object.
  public func jsonObject() throws(ActivityError) -> Data {
    try WireJSON.object(["body": body, "headers": try WireJSON.encode(headers)])
  }
}
