import Foundation

/// What APNs answered to one request.
///
/// Source: Apple, "Handling notification responses from APNs"; delivery.md §4.
public struct APNsResponse: Hashable, Sendable {
  /// The HTTP status: 200, 400, 403, 404, 405, 410, 413, 429, 500, 503.
  public var status: Int
  /// The `apns-id` response header: the request's, or the one APNs chose.
  public var apnsID: String?
  /// The `reason` of the JSON body `{"reason": "..."}` of a failure, e.g. "BadDeviceToken".
  public var reason: String?
  /// 410 only: when APNs learned the token was no longer valid, Unix milliseconds.
  public var timestamp: Int64?

  public init(status: Int, apnsID: String?, reason: String?, timestamp: Int64? = nil) {
    self.status = status
    self.apnsID = apnsID
    self.reason = reason
    self.timestamp = timestamp
  }

  /// Reads `reason` and `timestamp` from a JSON body; a body that is empty or not such JSON
  /// leaves both nil.
  public init(status: Int, apnsID: String?, body: Data) {
    // A 200 has no body: nothing to read (and no parse error to make and throw away).
    let object =
      body.isEmpty ? nil : (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    let timestamp = (object?["timestamp"] as? NSNumber)?.int64Value
    self.init(
      status: status, apnsID: apnsID, reason: object?["reason"] as? String, timestamp: timestamp)
  }

  /// What the sender does about this answer (delivery.md §4).
  public var outcome: APNsOutcome { APNsOutcome(status: status, reason: reason) }
}
