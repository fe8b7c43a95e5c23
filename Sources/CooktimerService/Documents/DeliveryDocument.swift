import CooktimerStore

/// `deliveries --json` and `GET /v1/deliveries` (docs/delivery.md §4):
/// `{"deliveries": [DeliveryDocument]}`, oldest first.
public struct DeliveriesDocument: Encodable, Sendable {
  public var deliveries: [DeliveryDocument]

  public init(_ attempts: [DeliveryAttempt]) { deliveries = attempts.map(DeliveryDocument.init) }
}

/// One attempt to send a push: push id, run, event, token (first 8 hex digits), HTTP
/// status (absent: no answer came), reason, `apns-id`, when (ISO 8601 UTC, ms).
public struct DeliveryDocument: Encodable, Sendable {
  public var push: Int64
  public var run: String
  public var event: String
  public var token: String
  public var status: Int?
  public var reason: String?
  public var apnsID: String
  public var at: String
  /// `apns-priority` as sent, and why (the priority budget).
  public var priority: Int?
  public var priorityReason: String?

  public init(_ attempt: DeliveryAttempt) {
    push = attempt.pushID
    run = attempt.runID
    event = attempt.event
    token = String(attempt.token.prefix(8))
    status = attempt.status
    reason = attempt.reason
    apnsID = attempt.apnsID
    at = attempt.at.description
    priority = attempt.priority
    priorityReason = attempt.priorityReason
  }
}

extension RunService {
  /// Every attempt to send a push, oldest first (the newest `limit` kept).
  ///
  /// - Throws: ``ServiceError/database(_:)``.
  public func deliveries(limit: Int = 1000) throws(ServiceError) -> DeliveriesDocument {
    DeliveriesDocument(try writing { tx in try tx.deliveryAttempts(limit: limit) })
  }
}
