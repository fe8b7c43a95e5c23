import CooktimerCore

extension StoreTransaction {
  /// The first `limit` active runs with a live activity and a running timer, by when that
  /// timer ends (`next_due_ms`, then id): the head of the device's running order, for the
  /// runs' `relevance-score`s (docs/live-activity.md §3.7). One probe of `runs_by_next_due`,
  /// not a read of every run.
  public func soonestRunning(limit: Int) throws(StoreError) -> [(runID: String, nextDue: Instant)] {
    // `INDEXED BY` as in `nextWake`: SQLite, without statistics, would take `runs_by_status`
    // (every active run); PostgreSQL plans by its statistics (the hint is dropped).
    try db.query(
      """
      SELECT id, next_due_ms FROM runs INDEXED BY runs_by_next_due
      WHERE next_due_ms IS NOT NULL AND status = 'active' AND activity_alive = 1
      ORDER BY next_due_ms, id LIMIT ?
      """, [.integer(limit)]
    ) { row in (runID: row.text(0), nextDue: row.instant(1)) }
  }
}
