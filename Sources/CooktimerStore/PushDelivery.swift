import CooktimerCore
import Foundation

/// A queued push as the sender sees it: the entry, its delivery state, and its lease
/// (docs/delivery.md §5).
public struct QueuedPush: Hashable, Sendable {
  public enum State: String, Hashable, Sendable {
    case pending, sent, failed, expired, superseded
  }

  public var entry: OutboxEntry
  public var state: State
  public var reason: String?
  /// Attempts made so far (every token counted once per round).
  public var attempts: Int
  /// Not before this instant (a backoff); `nil`: at once.
  public var nextAttemptAt: Instant?
}

/// One (push, token) pair: the `apns-id` it is sent under on every retry, and its state.
public struct PushSend: Hashable, Sendable {
  public enum State: String, Hashable, Sendable { case pending, sent, failed }
  public var pushID: Int64
  public var token: String
  public var apnsID: String
  public var sandbox: Bool
  public var state: State

  public init(pushID: Int64, token: String, apnsID: String, sandbox: Bool, state: State) {
    self.pushID = pushID
    self.token = token
    self.apnsID = apnsID
    self.sandbox = sandbox
    self.state = state
  }
}

/// One attempt to send a push to one token, as `cooktimer deliveries` lists it.
public struct DeliveryAttempt: Hashable, Sendable {
  public var id: Int64
  public var pushID: Int64
  public var runID: String
  public var event: String
  public var token: String
  public var apnsID: String
  /// The HTTP status APNs answered; `nil` when no answer came (timeout, connection lost).
  public var status: Int?
  public var reason: String?
  public var at: Instant
  /// The `apns-priority` it was sent with, and why (the priority budget, docs/delivery.md
  /// §3); `nil` on attempts logged before migration 9.
  public var priority: Int?
  public var priorityReason: String?

  public init(
    id: Int64 = 0, pushID: Int64, runID: String, event: String, token: String, apnsID: String,
    status: Int?, reason: String?, at: Instant, priority: Int? = nil,
    priorityReason: String? = nil
  ) {
    self.priority = priority
    self.priorityReason = priorityReason
    self.id = id
    self.pushID = pushID
    self.runID = runID
    self.event = event
    self.token = token
    self.apnsID = apnsID
    self.status = status
    self.reason = reason
    self.at = at
  }
}

extension StoreTransaction {
  /// Pending pushes that may be sent at `now`: past their backoff, and not leased by
  /// another sender whose lease still runs. Oldest first.
  public func sendablePushes(at now: Instant, owner: String, limit: Int = 500) throws(StoreError)
    -> [QueuedPush]
  {
    try queued(
      """
      WHERE state = 'pending' AND (next_attempt_ms IS NULL OR next_attempt_ms <= ?)
        AND (lease_owner IS NULL OR lease_owner = ? OR lease_until_ms <= ?)
      ORDER BY id LIMIT ?
      """, [.instant(now), .text(owner), .instant(now), .integer(limit)])
  }

  /// Every push not yet sent, failed or expired, oldest first (`outbox`).
  public func pendingPushes(limit: Int = 1000) throws(StoreError) -> [QueuedPush] {
    try queued("WHERE state = 'pending' ORDER BY id LIMIT ?", [.integer(limit)])
  }

  /// Takes the lease on pushes until `until`, so no other sender sends them meanwhile. One
  /// statement for all (one round trip to PostgreSQL, not one per push).
  public func lease(_ ids: [Int64], owner: String, until: Instant) throws(StoreError) {
    guard !ids.isEmpty else { return }
    try db.run(
      """
      UPDATE outbox SET lease_owner = ?, lease_until_ms = ?
      WHERE id IN (SELECT CAST(value AS INTEGER) FROM json_each(?))
      """, [.text(owner), .instant(until), .text(Self.jsonList(ids))])
  }

  /// Ends a push: sent, failed (with the reason), expired or superseded. Releases its lease.
  public func finishPush(
    _ id: Int64, state: QueuedPush.State, reason: String? = nil, at now: Instant
  ) throws(StoreError) {
    try db.run(
      """
      UPDATE outbox SET state = ?, reason = ?, lease_owner = NULL, lease_until_ms = NULL,
        sent_ms = CASE WHEN ? = 'sent' THEN ? ELSE sent_ms END
      WHERE id = ?
      """,
      [.text(state.rawValue), .text(reason), .text(state.rawValue), .instant(now), .integer(id)])
  }

  /// Puts a push back for a later attempt (a backoff), releasing its lease.
  public func retryPush(_ id: Int64, at next: Instant?, attempts: Int, reason: String?)
    throws(StoreError)
  {
    try db.run(
      """
      UPDATE outbox SET next_attempt_ms = ?, attempts = ?, reason = ?, lease_owner = NULL,
        lease_until_ms = NULL
      WHERE id = ?
      """, [.instant(next), .integer(attempts), .text(reason), .integer(id)])
  }

  /// Releases `owner`'s lease on pushes and nothing else (a sender stopping with them
  /// untouched), in one statement. A lease that has passed to another sender stays theirs.
  public func releasePushes(_ ids: [Int64], owner: String) throws(StoreError) {
    guard !ids.isEmpty else { return }
    try db.run(
      """
      UPDATE outbox SET lease_owner = NULL, lease_until_ms = NULL
      WHERE id IN (SELECT CAST(value AS INTEGER) FROM json_each(?)) AND lease_owner = ?
      """, [.text(Self.jsonList(ids)), .text(owner)])
  }

  /// Replaces a push's body and `aps.timestamp` (a retry's fresh timestamp, an alert carried
  /// over from a superseded push).
  public func replaceBody(_ id: Int64, body: String, timestamp: Int64) throws(StoreError) {
    try db.run(
      "UPDATE outbox SET body = ?, timestamp = ? WHERE id = ?",
      [.text(body), .integer(timestamp), .integer(id)])
  }

  /// The per-token sends of several pushes, by push, in one query (a claim's, not one query
  /// per push); each push's in token order.
  public func sends(pushIDs: some Collection<Int64>) throws(StoreError) -> [Int64: [PushSend]] {
    guard !pushIDs.isEmpty else { return [:] }
    var found: [Int64: [PushSend]] = [:]
    let rows = try db.query(
      """
      SELECT push_id, token, apns_id, sandbox, state FROM push_sends
      WHERE push_id IN (SELECT CAST(value AS INTEGER) FROM json_each(?)) ORDER BY push_id, token
      """, [.text(Self.jsonList(pushIDs))]
    ) { row in
      PushSend(
        pushID: row.int64(0), token: row.text(1), apnsID: row.text(2), sandbox: row.int(3) != 0,
        state: PushSend.State(rawValue: row.text(4)) ?? .pending)
    }
    for send in rows { found[send.pushID, default: []].append(send) }
    return found
  }

  /// Adds a (push, token) pair unless it exists; its `apns-id` is kept for every retry.
  public func addSend(_ send: PushSend) throws(StoreError) {
    try db.run(
      """
      INSERT INTO push_sends (push_id, token, apns_id, sandbox, state)
      VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
      """,
      [
        .integer(send.pushID), .text(send.token), .text(send.apnsID),
        .integer(send.sandbox ? 1 : 0), .text(send.state.rawValue),
      ])
  }

  /// Marks one (push, token) pair sent or failed.
  public func setSendState(pushID: Int64, token: String, _ state: PushSend.State)
    throws(StoreError)
  {
    try db.run(
      "UPDATE push_sends SET state = ? WHERE push_id = ? AND token = ?",
      [.text(state.rawValue), .integer(pushID), .text(token)])
  }

  /// Gives the (push, token) pair, still pending, a new `apns-id`: its request is rendered
  /// anew after one that may have gone, so it is another notification (issue 21: one
  /// apns-id never carries two bodies).
  public func renewSendID(pushID: Int64, token: String, apnsID: String) throws(StoreError) {
    try db.run(
      "UPDATE push_sends SET apns_id = ? WHERE push_id = ? AND token = ? AND state = 'pending'",
      [.text(apnsID), .integer(pushID), .text(token)])
  }

  /// Logs one attempt; returns its id.
  @discardableResult
  public func recordAttempt(_ attempt: DeliveryAttempt) throws(StoreError) -> Int64 {
    try db.first(
      """
      INSERT INTO deliveries
        (push_id, run_id, event, token, apns_id, status, reason, at_ms, priority, priority_reason)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
      """,
      [
        .integer(attempt.pushID), .text(attempt.runID), .text(attempt.event),
        .text(attempt.token), .text(attempt.apnsID), .integer(attempt.status),
        .text(attempt.reason), .instant(attempt.at), .integer(attempt.priority),
        .text(attempt.priorityReason),
      ]
    ) { $0.int64(0) } ?? 0
  }

  /// Every attempt, oldest first (at most `limit`, the newest kept).
  public func deliveryAttempts(limit: Int = 1000) throws(StoreError) -> [DeliveryAttempt] {
    try db.query(
      """
      SELECT * FROM (SELECT id, push_id, run_id, event, token, apns_id, status, reason, at_ms,
        priority, priority_reason
        FROM deliveries ORDER BY id DESC LIMIT ?) AS newest ORDER BY id
      """, [.integer(limit)]
    ) { row in
      DeliveryAttempt(
        id: row.int64(0), pushID: row.int64(1), runID: row.text(2), event: row.text(3),
        token: row.text(4), apnsID: row.text(5), status: row.optionalInt(6),
        reason: row.isNull(7) ? nil : row.text(7), at: row.instant(8),
        priority: row.optionalInt(9), priorityReason: row.isNull(10) ? nil : row.text(10))
    }
  }

  /// When the sender must look again for a push waiting on a backoff or on another
  /// sender's lease: the earliest of those moments (the later of the two for a push that has
  /// both). A push another sender holds counts at its lease's end, not at a backoff already
  /// past, which would wake this sender over and over while the other sends it.
  ///
  /// - Parameter after: only moments after it: a round at `after` looked at every push whose
  ///   moment had come, so one it left waiting (no token yet) would otherwise wake the
  ///   sender again at once, over and over, until the push expires.
  public func nextRetry(after: Instant = Instant(unixMilliseconds: 0)) throws(StoreError)
    -> Instant?
  {
    try db.first(
      """
      SELECT min(max(coalesce(next_attempt_ms, 0), coalesce(lease_until_ms, 0))) FROM outbox
      WHERE state = 'pending' AND (coalesce(next_attempt_ms, 0) > ? OR coalesce(lease_until_ms, 0) > ?)
      """, [.instant(after), .instant(after)], { $0.optionalInstant(0) }) ?? nil
  }

  /// The senders holding a lease on a pending push (to find those that have died).
  public func leaseOwners() throws(StoreError) -> [String] {
    try db.query(
      "SELECT DISTINCT lease_owner FROM outbox WHERE state = 'pending' AND lease_owner IS NOT NULL",
      []
    ) { $0.text(0) }
  }

  /// Extends `owner`'s leases on `ids` to `until`; returns the ids it still held (a lease
  /// that ran out may have gone to another sender, which then sends that push).
  public func renewLeases(_ ids: [Int64], owner: String, until: Instant) throws(StoreError)
    -> Set<Int64>
  {
    guard !ids.isEmpty else { return [] }
    return Set(
      try db.query(
        """
        UPDATE outbox SET lease_until_ms = ?
        WHERE id IN (SELECT CAST(value AS INTEGER) FROM json_each(?)) AND lease_owner = ?
          AND state = 'pending'
        RETURNING id
        """, [.instant(until), .text(Self.jsonList(ids)), .text(owner)]
      ) { $0.int64(0) })
  }

  /// The earliest end date of a running timer of any active run, or renewal of a live
  /// activity (`span` ms after it started): when something happens by itself next.
  public func nextWake(activitySpan span: Int64) throws(StoreError) -> Instant? {
    // Two index probes, not one scan of the active runs: the soonest running timer's end
    // (`runs_by_next_due`; only active runs have one) and the soonest renewal of a live
    // activity (`runs_by_renewal`, migration 10).
    let due =
      try db.first(
        """
        SELECT next_due_ms FROM runs INDEXED BY runs_by_next_due
        WHERE next_due_ms IS NOT NULL AND status = 'active' ORDER BY next_due_ms LIMIT 1
        """, [], { $0.optionalInstant(0) }) ?? nil
    let renewal =
      try db.first(
        """
        SELECT coalesce(activity_started_ms, created_ms) + ? FROM runs INDEXED BY runs_by_renewal
        WHERE status = 'active' AND activity_alive = 1
        ORDER BY coalesce(activity_started_ms, created_ms) LIMIT 1
        """, [.integer(span)], { $0.optionalInstant(0) }) ?? nil
    return [due, renewal].compactMap { $0 }.min()
  }

  func queued(_ clause: String, _ values: [DatabaseValue]) throws(StoreError)
    -> [QueuedPush]
  {
    try db.query(
      """
      SELECT id, run_id, event, timestamp, priority, target, headers, body, created_ms, sent_ms,
        activity, state, reason, attempts, next_attempt_ms, payload
      FROM outbox
      """ + " " + clause, values
    ) { row in
      QueuedPush(
        entry: OutboxEntry(
          id: row.int64(0), runID: row.text(1),
          draft: OutboxDraft(
            event: row.text(2), timestamp: row.int64(3), priority: row.int(4),
            target: row.text(5), headers: row.text(6), body: row.text(7),
            createdAt: row.instant(8), activity: row.optionalInt(10) ?? 1,
            payload: row.isNull(15) ? nil : Data(row.blob(15))),
          sentAt: row.optionalInstant(9)),
        state: QueuedPush.State(rawValue: row.text(11)) ?? .pending,
        reason: row.isNull(12) ? nil : row.text(12), attempts: row.int(13),
        nextAttemptAt: row.optionalInstant(14))
    }
  }
}

extension StoreTransaction {
  /// Active runs with something due by `now`: a running timer's end, or the renewal of a
  /// live activity `span` ms after it started. What a sender must catch up, without reading
  /// every run.
  public func runsDue(at now: Instant, activitySpan span: Int64) throws(StoreError) -> [Run] {
    // Two index range scans (`runs_by_next_due`, `runs_by_renewal`), not one scan of the
    // active runs: the renewal is compared as `started <= now - span`, the indexed form.
    // `INDEXED BY` because SQLite, without statistics, takes `runs_by_status` (every active
    // run) for the better index; PostgreSQL plans by its statistics (the hint is dropped).
    try db.query(
      RunCodec.selection
        + """
        WHERE runs.id IN (
          SELECT id FROM runs INDEXED BY runs_by_next_due
          WHERE next_due_ms <= ? AND status = 'active'
          UNION
          SELECT id FROM runs INDEXED BY runs_by_renewal
          WHERE status = 'active' AND activity_alive = 1
            AND coalesce(activity_started_ms, created_ms) <= ?)
        ORDER BY created_ms, id
        """, [.instant(now), .integer(now.unixMilliseconds - span)]
    ) { (row) throws(StoreError) in try RunCodec.decode(row: row, path: db.path) }
  }
}
