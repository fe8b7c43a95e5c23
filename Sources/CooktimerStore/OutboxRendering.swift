import CooktimerCore
import Foundation

extension StoreTransaction {
  /// Replaces a push's payload (an alert carried over from a superseded update; a push a
  /// backup alert spoke for). The store keeps it opaque.
  public func replacePayload(_ id: Int64, payload: Data) throws(StoreError) {
    try db.run(
      "UPDATE outbox SET payload = ? WHERE id = ?", [.blob([UInt8](payload)), .integer(id)])
  }

  /// Records what a push carries as it goes: the body, headers (a JSON object) and
  /// `aps.timestamp` rendered at its send time, so `deliveries` and the row show what went.
  public func recordRendering(_ id: Int64, body: String, headers: String, timestamp: Int64)
    throws(StoreError)
  {
    try db.run(
      "UPDATE outbox SET body = ?, headers = ?, timestamp = ? WHERE id = ?",
      [.text(body), .text(headers), .integer(timestamp), .integer(id)])
  }

  /// The newest `start` of `activity` of a run, or `nil` when none was queued (the first
  /// activity of a run the app started itself): whether APNs accepted the activity, for
  /// renewal without a gap (docs/live-activity.md §4.2).
  public func startPush(runID: String, activity: Int) throws(StoreError) -> QueuedPush? {
    try queued(
      "WHERE run_id = ? AND activity = ? AND event = 'start' ORDER BY id DESC LIMIT 1",
      [.text(runID), .integer(activity)]
    ).first
  }

  /// The pushes of a run sent after `since` (their `sent_ms`), oldest first: what the phone
  /// has just heard (one sound per moment).
  public func sentPushes(runID: String, since: Instant) throws(StoreError) -> [QueuedPush] {
    try queued(
      "WHERE run_id = ? AND state = 'sent' AND sent_ms > ? ORDER BY id",
      [.text(runID), .instant(since)])
  }

  /// The app started `activity` of a run itself: its pending `start` is not sent, and
  /// counts as accepted (state `sent`, reason `started by the app`).
  public func startedByTheApp(runID: String, activity: Int, at now: Instant) throws(StoreError) {
    try db.run(
      """
      UPDATE outbox SET state = 'sent', sent_ms = ?, reason = 'started by the app',
        lease_owner = NULL, lease_until_ms = NULL
      WHERE run_id = ? AND activity = ? AND event = 'start' AND state = 'pending'
      """, [.instant(now), .text(runID), .integer(activity)])
  }

  /// How many pushes went to `token` at priority 10 and were answered 200 after `since`:
  /// what the device's priority budget has used (docs/delivery.md §3).
  public func priorityTenSends(token: String, since: Instant) throws(StoreError) -> Int {
    try db.first(
      """
      SELECT count(*) FROM deliveries
      WHERE token = ? AND at_ms > ? AND priority = 10 AND status = 200
      """, [.text(token), .instant(since)]
    ) { $0.int(0) } ?? 0
  }

  /// The app's ordinary device tokens (the backup alert goes to each), oldest first.
  public func deviceTokens() throws(StoreError) -> [PushToken] {
    try db.query(
      "SELECT token, device, sandbox, created_ms FROM device_tokens ORDER BY created_ms, token",
      []
    ) { row in
      PushToken(
        token: row.text(0), kind: .device, device: row.isNull(1) ? nil : row.text(1),
        sandbox: row.int(2) != 0, createdAt: row.instant(3))
    }
  }

  /// Stores a device token, replacing an earlier record of it.
  func addDeviceToken(_ token: PushToken) throws(StoreError) {
    try db.run(
      """
      INSERT INTO device_tokens (token, device, sandbox, created_ms) VALUES (?, ?, ?, ?)
      ON CONFLICT (token) DO UPDATE SET device = excluded.device, sandbox = excluded.sandbox
      """,
      [
        .text(token.token), .text(token.device), .integer(token.sandbox ? 1 : 0),
        .instant(token.createdAt),
      ])
  }
}
