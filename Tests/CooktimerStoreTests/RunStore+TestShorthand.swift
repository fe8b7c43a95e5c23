import CooktimerCore
import Foundation

@testable import CooktimerStore

/// Tests' shorthand for one change or one read in its own transaction, over the
/// ``StoreTransaction`` calls the service makes (`insert`, `save`, `append`, `enqueue`, …),
/// plus reads of the derived columns (`next_due_ms`, `alarms_through_ms`) the program's
/// queries rely on. Not the program's API: front ends go through `RunService`, which takes
/// its own transactions (issue 24: no store method used only by tests).
extension RunStore {
  /// A private database that lives as long as the store; for tests and `plan`.
  static func inMemory() throws(StoreError) -> RunStore {
    let db = try DatabaseConnection(path: ":memory:", readOnly: false)
    try DatabaseMigrator.migrate(db)
    return RunStore(connection: db)
  }

  /// Stores a new run with its first events; see ``StoreTransaction/insert(_:events:)``.
  func insert(_ run: Run, events: [RunEvent] = []) throws {
    try transaction { try $0.insert(run, events: events) }
  }

  /// Changes a run safely against other processes: in one `BEGIN IMMEDIATE` transaction,
  /// loads the run, lets `body` change it (and take push timestamps through the
  /// transaction), then stores the run (its next due instant derived from it), the returned
  /// events and push requests. Returns the run as stored.
  ///
  /// When the body leaves the run unchanged and returns no events, the run row is not
  /// rewritten (so other processes see no change), but its push requests are still queued.
  /// - Throws: `.noSuchRun` when the run does not exist; whatever `body` throws (nothing is
  ///   written then).
  @discardableResult
  func update(
    runID: String, _ body: (inout Run, StoreTransaction) throws -> StoreChange
  ) throws -> Run {
    try transaction(lockingRun: runID) { tx in
      guard let original = try tx.run(id: runID) else { throw tx.noSuchRun(runID) }
      var run = original
      let change = try body(&run, tx)
      guard run.id == runID else {
        throw StoreError(kind: .other, path: path, detail: "an update changed the run's id")
      }
      let storedDue = try nextDue(tx, runID)
      if run != original || !change.events.isEmpty || run.nextDue != storedDue {
        try tx.save(run)
        try tx.append(change.events, runID: runID)
      }
      for draft in change.outbox { try tx.enqueue(draft, runID: runID) }
      return run
    }
  }

  func nextDue(_ tx: StoreTransaction, _ runID: String) throws(StoreError) -> Instant? {
    try db.first("SELECT next_due_ms FROM runs WHERE id = ?", [.text(runID)]) {
      $0.optionalInstant(0)
    } ?? nil
  }

  /// The next APNs `timestamp` (Unix seconds) of an activity of the run, taken in its own
  /// transaction; see ``StoreTransaction/nextPushTimestamp(runID:activity:now:)``.
  func nextPushTimestamp(runID: String, activity: Int = 1, now: Instant) throws -> Int64 {
    try transaction { try $0.nextPushTimestamp(runID: runID, activity: activity, now: now) }
  }

  /// Moves the alarm watermark forward; see
  /// ``StoreTransaction/advanceAlarmWatermark(runID:through:)``.
  func advanceAlarmWatermark(runID: String, through instant: Instant) throws
    -> AlarmWatermarkMove
  {
    try transaction { try $0.advanceAlarmWatermark(runID: runID, through: instant) }
  }

  /// Queues a push request outside a state change; returns its id.
  @discardableResult
  func enqueue(_ draft: OutboxDraft, runID: String) throws -> Int64 {
    try transaction { try $0.enqueue(draft, runID: runID) }
  }

  /// Marks push requests sent (idempotent); returns how many were newly marked.
  @discardableResult
  func markSent(ids: [Int64], at instant: Instant) throws -> Int {
    try transaction { try $0.markSent(ids: ids, at: instant) }
  }

  /// A fresh, unused run id (e.g. `a3f`). To rule out a race with another process, take
  /// it inside the transaction that inserts the run (``StoreTransaction/newRunID()``).
  func newRunID() throws -> String {
    try transaction { try $0.newRunID() }
  }

  /// The run with this id, or `nil`.
  func run(id: String) throws(StoreError) -> Run? {
    try locked { () throws(StoreError) in try StoreTransaction(db: db).run(id: id) }
  }

  /// The most recently started runs, newest first, at most `limit`.
  func runs(limit: Int) throws(StoreError) -> [Run] {
    try runs("ORDER BY created_ms DESC, id LIMIT ?", [.integer(Int64(limit))])
  }

  /// Active runs with a running timer due at or before `instant` (Unix ms), soonest first.
  /// Uses the `next_due_ms` index.
  func dueRuns(atOrBefore instant: Instant, limit: Int = 100) throws(StoreError) -> [Run] {
    try runs(Self.dueRunsClause, [.instant(instant), .integer(Int64(limit))])
  }

  /// The earliest `nextDue` of all runs: when the next alarm rings, or `nil`.
  func nextDue() throws(StoreError) -> Instant? {
    try locked { () throws(StoreError) in
      try db.first("SELECT min(next_due_ms) FROM runs") { $0.optionalInstant(0) } ?? nil
    }
  }

  /// The run's alarm watermark, `nil` if never set.
  /// - Throws: `.noSuchRun` if there is no such run.
  func alarmWatermark(runID: String) throws(StoreError) -> Instant? {
    try locked { () throws(StoreError) in
      guard
        let row = try db.first(
          "SELECT alarms_through_ms FROM runs WHERE id = ?", [.text(runID)],
          { $0.optionalInstant(0) })
      else { throw StoreTransaction(db: db).noSuchRun(runID) }
      return row
    }
  }

  static let dueRunsClause = "WHERE next_due_ms <= ? ORDER BY next_due_ms LIMIT ?"

  /// For tests: `EXPLAIN QUERY PLAN` of the query `dueRuns(atOrBefore:limit:)` runs.
  func dueRunsQueryPlan() throws(StoreError) -> [String] {
    try locked { () throws(StoreError) in
      try db.query(
        "EXPLAIN QUERY PLAN SELECT run_json FROM runs " + Self.dueRunsClause,
        [.integer(0), .integer(1)]
      ) { $0.text(3) }
    }
  }
}

/// What an `update(runID:_:)` body returns besides the changed run: everything is
/// written in the same transaction as the run.
struct StoreChange: Sendable {
  /// Appended to the run's event log, in order.
  var events: [RunEvent]
  /// Push requests to queue.
  var outbox: [OutboxDraft]

  init(events: [RunEvent] = [], outbox: [OutboxDraft] = []) {
    self.events = events
    self.outbox = outbox
  }
}
