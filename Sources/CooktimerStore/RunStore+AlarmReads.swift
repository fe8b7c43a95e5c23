import CooktimerCore

/// The reads the REPL's alarms start from, each answered by the `runs` table's columns and
/// indexes without decoding every active run: with 50,000 runs waiting for the cook, the
/// REPL reaches its prompt after reading only the runs that can ring (docs/architecture.md).
extension RunStore {
  /// How many runs are running, paused or waiting.
  public func activeRunCount() throws(StoreError) -> Int {
    try locked { () throws(StoreError) in
      Int(try db.integer("SELECT count(*) FROM runs WHERE status = 'active'"))
    }
  }

  /// The ids of the active runs, oldest first (`status`'s order), for tab completion.
  public func activeRunIDs() throws(StoreError) -> [String] {
    try locked { () throws(StoreError) in
      try db.query("SELECT id FROM runs WHERE status = 'active' ORDER BY created_ms, id", []) {
        $0.text(0)
      }
    }
  }

  /// The first `limit` active runs, oldest first (`status`'s order).
  public func activeRuns(limit: Int) throws(StoreError) -> [Run] {
    try runs(
      "WHERE status = 'active' ORDER BY created_ms, id LIMIT ?", [.integer(Int64(limit))])
  }

  /// The active runs with a running timer (`next_due_ms` set): the only ones whose alarms
  /// can ring without another change first. Uses the `next_due_ms` index.
  public func activeRunsWithTimersDue() throws(StoreError) -> [Run] {
    try runs("WHERE next_due_ms IS NOT NULL AND status = 'active' ORDER BY created_ms, id", [])
  }

  /// The active runs whose alarms up to `instant` may not all have been told (their alarm
  /// watermark, ``StoreTransaction/advanceAlarmWatermark(runID:through:)``, is behind): a
  /// timer due by `instant`, a change stored after the watermark, or no watermark yet. A
  /// timer that fired after the watermark either is still due (`next_due_ms <= instant`) or
  /// was recorded by a change at or after its end, so no other run has a missed alarm.
  public func activeRunsToCatchUp(through instant: Instant) throws(StoreError) -> [Run] {
    try runs(
      """
      WHERE status = 'active' AND (next_due_ms <= ? OR alarms_through_ms IS NULL
        OR last_change_ms > alarms_through_ms)
      ORDER BY created_ms, id
      """, [.instant(instant)])
  }
}
