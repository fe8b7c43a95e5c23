import CooktimerCore
import Foundation

/// What the store keeps beside the runs, read back: a run's event log and the push outbox.
extension RunStore {
  /// The run's event log, oldest first.
  public func events(runID: String) throws(StoreError) -> [RunEvent] {
    try locked { () throws(StoreError) in
      try db.query(
        "SELECT kind, at_ms, step, timer, amount FROM run_events WHERE run_id = ? ORDER BY seq",
        [.text(runID)]
      ) { (row) throws(StoreError) in
        guard let kind = RunEvent.Kind(rawValue: row.text(0)) else {
          throw StoreError(kind: .corrupt, path: path, detail: "an unknown event kind is stored")
        }
        return RunEvent(
          kind: kind, at: row.instant(1), step: row.optionalInt(2), timer: row.optionalInt(3),
          amount: row.optionalInt64(4))
      }
    }
  }

  /// Push requests still pending (not sent, failed, expired or superseded), in the order
  /// they were made, at most `limit`, after id `after`.
  public func pendingOutbox(limit: Int = 1000, after: Int64 = 0) throws(StoreError)
    -> [OutboxEntry]
  {
    try outbox(
      "WHERE state = 'pending' AND id > ? ORDER BY id LIMIT ?",
      [.integer(after), .integer(Int64(limit))])
  }

  /// How many pushes are pending after id `after`.
  public func pendingCount(after: Int64 = 0) throws(StoreError) -> Int {
    try locked { () throws(StoreError) in
      try db.first(
        "SELECT count(*) FROM outbox WHERE state = 'pending' AND id > ?", [.integer(after)]
      ) { $0.int(0) } ?? 0
    }
  }

  /// Every push request of a run, sent or not, in order.
  public func outbox(runID: String) throws(StoreError) -> [OutboxEntry] {
    try outbox("WHERE run_id = ? ORDER BY id", [.text(runID)])
  }

  private func outbox(_ clause: String, _ values: [DatabaseValue]) throws(StoreError)
    -> [OutboxEntry]
  {
    try locked { () throws(StoreError) in
      try db.query(
        """
        SELECT id, run_id, event, timestamp, priority, target, headers, body, created_ms, sent_ms,
          activity, payload
        FROM outbox
        """ + " " + clause, values
      ) { row in
        OutboxEntry(
          id: row.int64(0), runID: row.text(1),
          draft: OutboxDraft(
            event: row.text(2), timestamp: row.int64(3), priority: row.int(4),
            target: row.text(5), headers: row.text(6), body: row.text(7),
            createdAt: row.instant(8), activity: row.optionalInt64(10).map { Int($0) } ?? 1,
            payload: row.isNull(11) ? nil : Data(row.blob(11))),
          sentAt: row.optionalInstant(9))
      }
    }
  }
}
