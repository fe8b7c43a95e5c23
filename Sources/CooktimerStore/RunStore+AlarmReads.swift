import CooktimerCore

/// The reads the REPL's alarms start from. Each finds its runs in an index alone
/// (`active_runs_alarms`: the active runs' order and alarm state; `runs_by_next_due`) and
/// decodes only the runs it returns: with 50,000 runs waiting for the cook, the REPL reaches
/// its prompt without reading them. `INDEXED BY` because SQLite, without statistics,
/// prefers the equality on `status` of `runs_by_status`, which reads every active row.
extension RunStore {
  /// How many runs are running, paused or waiting.
  public func activeRunCount() throws(StoreError) -> Int {
    try locked { () throws(StoreError) in
      Int(
        try db.integer(
          "SELECT count(*) FROM runs INDEXED BY active_runs_alarms WHERE status = 'active'"))
    }
  }

  /// The ids of the active runs, oldest first (`status`'s order), for tab completion.
  public func activeRunIDs() throws(StoreError) -> [String] {
    try ids("WHERE status = 'active'", [])
  }

  /// The first `limit` active runs, oldest first (`status`'s order).
  public func activeRuns(limit: Int) throws(StoreError) -> [Run] {
    try runs(ids: ids("WHERE status = 'active'", [], limit: limit))
  }

  /// The active runs with a running timer (`next_due_ms` set): the only ones whose alarms
  /// can ring without another change first.
  public func activeRunsWithTimersDue() throws(StoreError) -> [Run] {
    let ids = try locked { () throws(StoreError) in
      try db.query(
        """
        SELECT id FROM runs INDEXED BY runs_by_next_due
        WHERE next_due_ms IS NOT NULL AND status = 'active'
        """, []
      ) { $0.text(0) }
    }
    return try runs(ids: ids)
  }

  /// The active runs whose alarms up to `instant` may not all have been told (their alarm
  /// watermark, ``StoreTransaction/advanceAlarmWatermark(runID:through:)``, is behind): a
  /// timer due by `instant`, a change stored after the watermark, or no watermark yet. A
  /// timer that fired after the watermark either is still due (`next_due_ms <= instant`) or
  /// was recorded by a change at or after its end, so no other run has a missed alarm.
  public func activeRunsToCatchUp(through instant: Instant) throws(StoreError) -> [Run] {
    try runs(
      ids: ids(
        """
        WHERE status = 'active' AND (next_due_ms <= ? OR alarms_through_ms IS NULL
          OR last_change_ms > alarms_through_ms)
        """, [.instant(instant)]))
  }

  /// The ids of the active runs matching `clause`, oldest first, from the index alone.
  private func ids(_ clause: String, _ values: [DatabaseValue], limit: Int? = nil)
    throws(StoreError) -> [String]
  {
    let limited = limit.map { " LIMIT \($0)" } ?? ""
    return try locked { () throws(StoreError) in
      try db.query(
        "SELECT id FROM runs INDEXED BY active_runs_alarms " + clause
          + " ORDER BY created_ms, id" + limited, values
      ) { $0.text(0) }
    }
  }

  private func runs(ids: [String]) throws(StoreError) -> [Run] {
    guard !ids.isEmpty else { return [] }
    return try locked { () throws(StoreError) in
      try StoreTransaction(db: db).activeRuns(ids: Set(ids))
    }
  }
}
