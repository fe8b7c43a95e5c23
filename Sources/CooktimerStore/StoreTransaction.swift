import CooktimerCore
import Foundation

/// The store's operations inside one `BEGIN IMMEDIATE` transaction, handed to the body of
/// ``RunStore/transaction(_:)`` (and of ``RunStore/read(_:)``). Everything done through it
/// commits together or not at all. Do not keep it after the body returns.
///
/// Every method throws ``StoreError`` on an SQLite failure.
public struct StoreTransaction {
  let db: DatabaseConnection

  // MARK: Runs

  /// The run with this id, as last stored; `nil` if there is none.
  public func run(id: String) throws(StoreError) -> Run? {
    try db.first(RunCodec.selection + "WHERE runs.id = ?", [.text(id)]) {
      (row) throws(StoreError) in try RunCodec.decode(row: row, path: db.path)
    }
  }

  /// The run with this id, its row locked until the transaction ends — one statement
  /// (PostgreSQL: `SELECT … FOR NO KEY UPDATE OF runs`, manual §13.3.2), where ``lockRun(_:)`` then
  /// ``run(id:)`` take two — in a ``RunStore/runTransaction(_:)``, to change it. On SQLite,
  /// whose write lock covers the file, a plain read. `nil` (nothing locked) if there is none.
  public func lockedRun(id: String) throws(StoreError) -> Run? {
    let lock = db.dialect == .postgreSQL ? " FOR NO KEY UPDATE OF runs" : ""
    return try db.first(RunCodec.selection + "WHERE runs.id = ?" + lock, [.text(id)]) {
      (row) throws(StoreError) in try RunCodec.decode(row: row, path: db.path)
    }
  }

  /// Locks the run's row until the transaction ends (PostgreSQL: `SELECT … FOR NO KEY UPDATE`; on
  /// SQLite the write lock covers it): in a ``RunStore/runTransaction(_:)``, before reading a
  /// run to change it. A missing run locks nothing.
  /// - Returns: whether a lock was taken (then read the run again: a change of it may have
  ///   committed since an earlier read); `false` on SQLite, whose reads are current already.
  @discardableResult
  public func lockRun(_ id: String) throws(StoreError) -> Bool {
    try db.lockRun(id)
  }

  /// Running, paused or waiting runs as last stored, oldest first.
  public func activeRuns() throws(StoreError) -> [Run] {
    try db.query(RunCodec.selection + "WHERE status = 'active' ORDER BY created_ms, id", []) {
      (row) throws(StoreError) in try RunCodec.decode(row: row, path: db.path)
    }
  }

  /// The active runs among `ids`, oldest first; ids of no active run are left out.
  public func activeRuns(ids: Set<String>) throws(StoreError) -> [Run] {
    guard !ids.isEmpty else { return [] }
    // One JSON array bound once (`json_each`), not one placeholder per id: SQLite limits
    // the placeholders of a statement, and the REPL may name thousands at start-up.
    let list = Self.json(ids.sorted())
    return try db.query(
      RunCodec.selection
        + "WHERE status = 'active' AND runs.id IN (SELECT value FROM json_each(?)) "
        + "ORDER BY created_ms, id", [.text(list)]
    ) { (row) throws(StoreError) in try RunCodec.decode(row: row, path: db.path) }
  }

  /// Stores a new run with its first events; its `next_due_ms` is derived from it
  /// (``Run/nextDue``), so it can never disagree with the run. Logs the change
  /// (`run_changes`: the event streams' ids).
  /// - Throws: a `.other` error (`SQLITE_CONSTRAINT_PRIMARYKEY`) if the id is taken.
  public func insert(_ run: Run, events: [RunEvent] = []) throws(StoreError) {
    try db.run(
      """
      INSERT INTO runs (id, recipe_title, status, next_due_ms, last_change_ms, created_ms,
        ended_ms, run_json, recipe_key)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        .text(run.id), .text(run.recipe.title), .text(RunCodec.statusName(run.status)),
        .instant(run.nextDue), .instant(run.lastChange),
        .instant(run.startedAt), .instant(run.endedAt),
      ] + (try snapshot(run)))
    try recordChange(.run, runID: run.id, at: run.lastChange)
    try append(events, runID: run.id)
  }

  /// Replaces a stored run (same id); its `next_due_ms` is derived from it (``Run/nextDue``).
  /// Logs the change (`run_changes`: the event streams' ids).
  /// - Throws: `.noSuchRun` if it is not stored.
  public func save(_ run: Run) throws(StoreError) {
    let changed = try db.run(
      """
      UPDATE runs SET recipe_title = ?, status = ?, next_due_ms = ?, last_change_ms = ?,
        ended_ms = ?, run_json = ?, recipe_key = ?
      WHERE id = ?
      """,
      [
        .text(run.recipe.title), .text(RunCodec.statusName(run.status)),
        .instant(run.nextDue), .instant(run.lastChange),
        .instant(run.endedAt),
      ] + (try snapshot(run)) + [.text(run.id)])
    guard changed == 1 else { throw noSuchRun(run.id) }
    try recordChange(.run, runID: run.id, at: run.lastChange)
  }

  /// The `run_json` and `recipe_key` values of a run: its recipe stored once in `recipes`.
  /// Should two recipes ever share a key, the run keeps its recipe inline instead.
  private func snapshot(_ run: Run) throws(StoreError) -> [DatabaseValue] {
    let (bare, recipe, key) = try RunCodec.split(run, path: db.path)
    let lookup = "SELECT json FROM recipes WHERE key = ?"
    // Nearly always stored already (every change of a run saves it again): one read, and the
    // insert only for a recipe not seen before.
    var stored = try db.first(lookup, [.text(key)]) { $0.text(0) }
    if stored == nil {
      try db.run(
        "INSERT INTO recipes (key, json) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
        [.text(key), .text(recipe)])
      stored = try db.first(lookup, [.text(key)]) { $0.text(0) }
    }
    guard stored == recipe else { return [.text(try RunCodec.encode(run, path: db.path)), .null] }
    return [.text(bare), .text(key)]
  }

  /// Appends to a run's event log.
  public func append(_ events: [RunEvent], runID: String) throws(StoreError) {
    guard !events.isEmpty else { return }
    let sql =
      "INSERT INTO run_events (run_id, kind, at_ms, step, timer, amount) VALUES (?,?,?,?,?,?)"
    try db.withStatement(sql) { (statement) throws(StoreError) in
      for event in events {
        try statement.bind([
          .text(runID), .text(event.kind.rawValue), .instant(event.at), .integer(event.step),
          .integer(event.timer), .integer(event.amount),
        ])
        while try statement.step() {}
      }
    }
  }

  /// A fresh run id: a letter and 9 characters of `[0-9a-z]` from the system's CSPRNG
  /// (`SystemRandomNumberGenerator`: `getrandom(2)`), about 51.2 bits, so a run cannot be
  /// found by trying ids: at the 1,100 requests a second that swept every 3-character id
  /// in 42 s, half of them would take 50,000 years (docs/api.md §2). Unique among stored runs
  /// (ids of earlier versions, 3 characters, stay valid); insert the run in this same
  /// transaction to keep it so.
  /// The first character is a letter: an id that began with a digit could read as a
  /// duration where a command takes either (`begin s1 5za7ge12wz`: "unknown unit za").
  public func newRunID() throws(StoreError) -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    let alphabet = Array("0123456789") + letters
    var generator = SystemRandomNumberGenerator()
    while true {
      let first = letters.randomElement(using: &generator)!
      let id = String(
        [first] + (0..<9).map { _ in alphabet.randomElement(using: &generator)! })
      let taken = try db.first("SELECT 1 FROM runs WHERE id = ?", [.text(id)]) { _ in true }
      if taken == nil { return id }
    }
  }

  // MARK: APNs timestamps and alarms

  /// The next APNs `timestamp` of activity `activity` of the run, in Unix seconds:
  /// `max(floor(now), previous + 1)`, so strictly increasing per activity even for two
  /// pushes in one second, after a restart, or with `now` going backwards
  /// (docs/live-activity.md §3.5). Taken: the counter moves.
  /// - Throws: `.noSuchRun` if the run is not stored.
  public func nextPushTimestamp(
    runID: String, activity: Int = 1, now: Instant
  ) throws(StoreError) -> Int64 {
    // One statement, so two transactions taking one activity's timestamps at once (two
    // senders under PostgreSQL's shared lock) never take the same one: the upsert computes
    // from the row's latest committed value, which it locks (PostgreSQL manual, INSERT "ON
    // CONFLICT DO UPDATE"). `nextTimestamp(now:previous:)` in SQL: max(floor(now), last + 1).
    guard
      let next = try db.first(
        """
        INSERT INTO activity_timestamps (run_id, activity, last)
        SELECT id, ?, ? FROM runs WHERE id = ?
        ON CONFLICT (run_id, activity) DO UPDATE SET last = CASE
          WHEN activity_timestamps.last + 1 > excluded.last THEN activity_timestamps.last + 1
          ELSE excluded.last END
        RETURNING last
        """, [.integer(Int64(activity)), .integer(now.floorUnixSeconds), .text(runID)],
        { $0.int64(0) })
    else { throw noSuchRun(runID) }
    return next
  }

  /// The timestamp ``nextPushTimestamp(runID:activity:now:)`` would take, without taking it
  /// (a `payload` preview changes nothing).
  /// - Throws: `.noSuchRun` if the run is not stored.
  public func peekPushTimestamp(
    runID: String, activity: Int = 1, now: Instant
  ) throws(StoreError) -> Int64 {
    guard
      let previous = try db.first(
        """
        SELECT (SELECT last FROM activity_timestamps WHERE run_id = runs.id AND activity = ?)
        FROM runs WHERE id = ?
        """, [.integer(Int64(activity)), .text(runID)], { $0.optionalInt64(0) })
    else { throw noSuchRun(runID) }
    return nextTimestamp(now: now, previous: previous)
  }

  // MARK: Live Activity lifetime

  /// Where the run's Live Activity stands (the store keeps it; the rule is the caller's).
  /// - Throws: `.noSuchRun` if the run is not stored.
  public func activityRecord(runID: String) throws(StoreError) -> ActivityRecord {
    guard
      let record = try db.first(
        "SELECT activity, activity_started_ms, activity_alive, created_ms FROM runs WHERE id = ?",
        [.text(runID)],
        {
          ActivityRecord(
            number: $0.int(0), startedAt: $0.optionalInstant(1) ?? $0.instant(3),
            isAlive: $0.int(2) != 0)
        })
    else { throw noSuchRun(runID) }
    return record
  }

  /// Stores where the run's Live Activity stands.
  /// - Throws: `.noSuchRun` if the run is not stored.
  public func setActivityRecord(_ record: ActivityRecord, runID: String) throws(StoreError) {
    let changed = try db.run(
      "UPDATE runs SET activity = ?, activity_started_ms = ?, activity_alive = ? WHERE id = ?",
      [
        .integer(Int64(record.number)), .instant(record.startedAt),
        .integer(record.isAlive ? 1 : 0), .text(runID),
      ])
    if changed == 0 { throw noSuchRun(runID) }
  }

  // MARK: Settings

  /// A stored setting (e.g. `topic`); `nil` when never set.
  public func setting(_ key: String) throws(StoreError) -> String? {
    try db.first("SELECT value FROM settings WHERE key = ?", [.text(key)], { $0.text(0) })
  }

  /// The stored settings among two keys, in one read (a change reads both, the push topic
  /// and the alert style): key to value, keys never set left out.
  public func settings(_ first: String, _ second: String) throws(StoreError) -> [String: String] {
    let rows = try db.query(
      "SELECT key, value FROM settings WHERE key IN (?, ?)", [.text(first), .text(second)]
    ) { ($0.text(0), $0.text(1)) }
    return Dictionary(rows, uniquingKeysWith: { first, _ in first })
  }

  /// Stores a setting, replacing any earlier value.
  public func setSetting(_ key: String, _ value: String) throws(StoreError) {
    try db.run(
      """
      INSERT INTO settings (key, value) VALUES (?, ?)
      ON CONFLICT (key) DO UPDATE SET value = excluded.value
      """, [.text(key), .text(value)])
  }

  /// Moves the run's "alarms notified through" watermark forward to `instant` (never back).
  /// Two REPLs racing for the same alarms: one gets `.advanced`, the other `.unchanged`.
  /// - Throws: `.noSuchRun` if the run is not stored.
  public func advanceAlarmWatermark(
    runID: String, through instant: Instant
  ) throws(StoreError) -> AlarmWatermarkMove {
    guard
      let current = try db.first(
        "SELECT alarms_through_ms FROM runs WHERE id = ?", [.text(runID)],
        { $0.optionalInstant(0) })
    else { throw noSuchRun(runID) }
    if let current, current >= instant { return .unchanged(current: current) }
    try db.run(
      "UPDATE runs SET alarms_through_ms = ? WHERE id = ?", [.instant(instant), .text(runID)])
    return .advanced(previous: current)
  }

  // MARK: Outbox

  /// Queues a push request; returns its id.
  @discardableResult
  public func enqueue(_ draft: OutboxDraft, runID: String) throws(StoreError) -> Int64 {
    db.engine.notifyOnCommit(.outbox)
    return try db.first(
      """
      INSERT INTO outbox
        (run_id, event, timestamp, priority, target, headers, body, created_ms, activity,
          payload)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
      """,
      [
        .text(runID), .text(draft.event), .integer(draft.timestamp),
        .integer(Int64(draft.priority)), .text(draft.target), .text(draft.headers),
        .text(draft.body), .instant(draft.createdAt), .integer(Int64(draft.activity)),
        draft.payload.map { .blob([UInt8]($0)) } ?? .null,
      ]
    ) { $0.int64(0) } ?? 0
  }

  /// Marks requests sent at `instant`. Idempotent: an id already sent keeps its first
  /// instant; unknown ids are ignored. Returns how many were newly marked.
  @discardableResult
  public func markSent(ids: [Int64], at instant: Instant) throws(StoreError) -> Int {
    var count = 0
    for id in ids {
      count += try db.run(
        "UPDATE outbox SET sent_ms = ?, state = 'sent' WHERE id = ? AND state = 'pending'",
        [.instant(instant), .integer(id)])
    }
    return count
  }

  func noSuchRun(_ id: String) -> StoreError {
    StoreError(kind: .noSuchRun(id), path: db.path, detail: "no run with id \(id)")
  }
}
