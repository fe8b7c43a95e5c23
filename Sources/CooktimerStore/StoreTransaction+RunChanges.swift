import CooktimerCore

/// One row of the change log (`run_changes`, migration 11): a change of a run, numbered by
/// the database (`seq`: SQLite `AUTOINCREMENT`, PostgreSQL an identity column), written in
/// the change's own transaction. The event streams' ids are these numbers (docs/api.md §1.4).
public struct StoredChange: Hashable, Sendable {
  /// What happened: the name of the event the stream sends.
  public enum Kind: String, Sendable {
    /// The run was started or changed (`event: run`).
    case run
    /// Its alarms were acknowledged (`event: acknowledged`).
    case acknowledged
  }

  public var seq: Int64
  public var runID: String
  public var kind: Kind
  /// The change's moment: the run's `lastChange`, or the acknowledged instant.
  public var at: Instant

  public init(seq: Int64, runID: String, kind: Kind, at: Instant) {
    self.seq = seq
    self.runID = runID
    self.kind = kind
    self.at = at
  }
}

/// Which transactions a read could not see (PostgreSQL's `pg_current_snapshot()`, manual
/// §9.27 "Transaction ID and Snapshot Information Functions"): every transaction id below
/// `xmin` had ended; none at or above `xmax` had started. SQLite has none (one writer: its
/// rows commit in the order of their numbers).
public struct ChangeSnapshot: Hashable, Sendable {
  public var xmin: Int64
  public var xmax: Int64

  public init(xmin: Int64, xmax: Int64) {
    self.xmin = xmin
    self.xmax = xmax
  }
}

extension StoreTransaction {
  /// How many of the newest change numbers the log keeps: older rows are deleted every
  /// ``changePruneEvery`` changes (a prefix by primary key: cheap). A `Last-Event-ID` older
  /// than what is kept gets a `resync` (docs/api.md §1.4). About 55 minutes at the 300
  /// changes/s of issue 21's dinner peak; months on a cook's laptop.
  public static let changesKept: Int64 = 1_000_000
  /// Every how many change numbers one change prunes the log.
  static let changePruneEvery: Int64 = 1024

  /// Appends a change of `runID` to the change log, after the change's own write in the same
  /// transaction: on PostgreSQL the transaction then has its id before it takes its number,
  /// which ``ChangeSnapshot`` readers rely on (a number in flight belongs to a transaction
  /// the reader's snapshot lists as running).
  /// Once per run and kind in a transaction (``DatabaseConnection/loggedChanges``): the
  /// event tells the run as it is when sent, so one row covers every save of it.
  func recordChange(_ kind: StoredChange.Kind, runID: String, at moment: Instant)
    throws(StoreError)
  {
    guard db.loggedChanges.insert(kind.rawValue + ":" + runID).inserted else { return }
    let seq =
      try db.first(
        "INSERT INTO run_changes (run_id, kind, at_ms) VALUES (?, ?, ?) RETURNING seq",
        [.text(runID), .text(kind.rawValue), .instant(moment)]
      ) { $0.int64(0) } ?? 0
    if seq % Self.changePruneEvery == 0 && seq > Self.changesKept {
      try deleteChanges(through: seq - Self.changesKept)
    }
  }

  /// Deletes the logged changes numbered up to `seq`: always a prefix, so a reader that finds
  /// the oldest row at most one past an id knows every change after it is still there.
  public func deleteChanges(through seq: Int64) throws(StoreError) {
    try db.run("DELETE FROM run_changes WHERE seq <= ?", [.integer(seq)])
  }

  /// The logged changes numbered after `seq` (and at most `through`), and those of `also`
  /// (numbers at or below `seq` a reader looks for again), lowest first, at most `limit`.
  public func changes(
    after seq: Int64, through: Int64 = .max, also: [Int64] = [], limit: Int = 10_000
  ) throws(StoreError) -> [StoredChange] {
    let range = "seq > ? AND seq <= ?"
    let (filter, values): (String, [DatabaseValue]) =
      also.isEmpty
      ? (range, [.integer(seq), .integer(through)])
      : (
        "(\(range) OR seq IN (SELECT CAST(value AS INTEGER) FROM json_each(?)))",
        [.integer(seq), .integer(through), .text(Self.jsonList(also))]
      )
    return try db.query(
      "SELECT seq, run_id, kind, at_ms FROM run_changes WHERE \(filter) ORDER BY seq LIMIT ?",
      values + [.integer(Int64(limit))]
    ) { (row) throws(StoreError) in
      guard let kind = StoredChange.Kind(rawValue: row.text(2)) else {
        throw StoreError(
          kind: .corrupt, path: db.path, detail: "run_changes: unknown kind \(row.text(2))")
      }
      return StoredChange(seq: row.int64(0), runID: row.text(1), kind: kind, at: row.instant(3))
    }
  }

  /// The lowest and highest change numbers the log holds now; `nil` when it is empty.
  public func changeBounds() throws(StoreError) -> (oldest: Int64, newest: Int64)? {
    try db.first("SELECT min(seq), max(seq) FROM run_changes", []) {
      $0.isNull(0) ? nil : ($0.int64(0), $0.int64(1))
    } ?? nil
  }

  /// This read's snapshot on PostgreSQL (a read transaction is `REPEATABLE READ`: the same
  /// snapshot its other statements see); `nil` on SQLite.
  public func changeSnapshot() throws(StoreError) -> ChangeSnapshot? {
    guard db.dialect == .postgreSQL else { return nil }
    return try db.first(
      "SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint, "
        + "pg_snapshot_xmax(pg_current_snapshot())::text::bigint", []
    ) { ChangeSnapshot(xmin: $0.int64(0), xmax: $0.int64(1)) }
  }
}
