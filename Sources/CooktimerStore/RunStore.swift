import CooktimerCore
import Foundation

/// Runs, their event logs and the push outbox in one SQLite file or one PostgreSQL database,
/// through a ``DatabaseEngine`` (``init(path:readOnly:)``: SQLite; ``init(engine:readOnly:)``:
/// any, `CooktimerPostgreSQL` for PostgreSQL). Several processes may share the database:
/// every write is one write transaction (SQLite's `BEGIN IMMEDIATE`), so a second terminal
/// or server never loses an update.
///
/// Instants are stored as integer Unix milliseconds; APNs timestamps as Unix seconds.
/// Every method throws ``StoreError``; ``transaction(_:)``, ``batch(_:)`` and ``read(_:)``
/// also rethrow their body's error (after rolling back).
///
/// One instance may be used from several threads (calls are serialized); for parallel
/// writers open one store per thread or process.
public final class RunStore: @unchecked Sendable {
  /// The database file, `:memory:`, or the PostgreSQL URL without its password.
  public var path: String { db.path }

  let db: DatabaseConnection
  private let lock = NSRecursiveLock()

  /// Opens the database at `path`, creating it (mode 0600, with its folders) on first use,
  /// and brings its schema up to date.
  ///
  /// - Parameter readOnly: open without write access; nothing is created or migrated, and
  ///   any write throws `.permissionDenied`.
  /// - Throws: `.corrupt` (not SQLite, damaged), `.notCooktimerDatabase` (another
  ///   program's SQLite file), `.futureSchema` (a newer cooktimer's): the file is left
  ///   untouched. `.permissionDenied` or `.io` when the file or its folder cannot be
  ///   created or opened.
  public init(path: String, readOnly: Bool = false) throws(StoreError) {
    if !readOnly { try DatabasePath.prepare(path) }
    let db = try DatabaseConnection(path: path, readOnly: readOnly)
    // Check before the first write: journal_mode=WAL already writes to the file.
    let version = try DatabaseMigrator.checkedVersion(db)
    if readOnly {
      guard version == DatabaseMigrator.latestVersion else {
        throw StoreError(
          kind: .permissionDenied, path: path,
          detail: "the database needs an upgrade and is open read-only")
      }
    } else {
      try Self.enableWAL(db)
      try DatabaseMigrator.migrate(db)
    }
    self.db = db
  }

  /// A store on an engine's connection (PostgreSQL: `CooktimerPostgreSQL`), its schema
  /// brought up to date unless `readOnly`.
  /// - Throws: `.notCooktimerDatabase`, `.futureSchema` (nothing written); with `readOnly`,
  ///   `.permissionDenied` when the schema needs an upgrade; the engine's errors.
  public init(engine: any DatabaseEngine, readOnly: Bool = false) throws(StoreError) {
    let db = DatabaseConnection(engine: engine)
    if readOnly {
      guard try DatabaseMigrator.checkedVersion(db) == DatabaseMigrator.latestVersion else {
        throw StoreError(
          kind: .permissionDenied, path: db.path,
          detail: "the database needs an upgrade and is open read-only")
      }
    } else {
      try DatabaseMigrator.migrate(db)
    }
    self.db = db
  }

  /// Switches a file to WAL once (the mode is stored in the file). The switch needs the file
  /// to itself, and SQLite answers "busy" at once, without waiting, when another process
  /// holds it — as when several cooktimers open a brand-new file together — so retry briefly.
  private static func enableWAL(_ db: DatabaseConnection) throws(StoreError) {
    var attempt = 0
    while true {
      do {
        let mode = try db.first("PRAGMA journal_mode", []) { $0.text(0) }
        if mode?.lowercased() == "wal" { return }
        try db.execute("PRAGMA journal_mode = WAL")
        return
      } catch  where error.kind == .busy && attempt < 200 {
        attempt += 1
        usleep(10_000)
      }
    }
  }

  init(connection: DatabaseConnection) {
    self.db = connection
  }

  func locked<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  // MARK: Writing

  /// Runs `body` in one `BEGIN IMMEDIATE` transaction and commits. If `body` throws, rolls
  /// back and rethrows its error; an error while committing is thrown as ``StoreError``.
  /// Inside `body`, write through the given ``StoreTransaction`` only: this store's own
  /// write methods would try to begin a second transaction and fail.
  ///
  /// Inside ``batch(_:)`` it is a savepoint of the batch's transaction instead: a throw undoes
  /// this body's writes only, and nothing is on disk before the batch commits.
  public func transaction<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
    lock.lock()
    defer { lock.unlock() }
    if batching {
      // The batch holds the schema's lock shared only; taking it whole now could deadlock
      // with another server's batch doing the same: the job runs again alone instead.
      if batchingRuns && db.dialect == .postgreSQL {
        throw StoreError(
          kind: .busy, path: path,
          detail: "a write of the whole schema inside a batch of run changes; run it alone")
      }
      return try db.savepoint { try body(StoreTransaction(db: db)) }
    }
    return try db.transaction {
      try checkIntegrityOnce()
      return try body(StoreTransaction(db: db))
    }
  }

  /// How many write transactions this store has committed (a batch counts once): each is
  /// one durable commit (one `fdatasync` on SQLite), so a test can count what a sender's
  /// round costs before its first request.
  package var writeCommits: Int {
    lock.lock()
    defer { lock.unlock() }
    return db.writeCommits
  }

  /// How many statements this store has run (not counting BEGIN and COMMIT): on PostgreSQL
  /// each is a round trip, so a test can count what a sender's claim and wave of answers cost.
  package var statementsRun: Int {
    lock.lock()
    defer { lock.unlock() }
    return db.statementsRun
  }

  /// ``transaction(_:)`` for a change of one run: the run's row is locked first, and on
  /// PostgreSQL only changes of the same run wait for each other — two servers changing
  /// different runs commit side by side (``DatabaseEngine/beginRunWrite()``). `body` must
  /// write only that run's rows (its events, APNs timestamps, watermark, activity), rows it
  /// inserts (outbox entries, idempotent answers: unique keys) and upserts of settings; anything
  /// that reads another row to decide a write belongs in ``transaction(_:)``.
  ///
  /// - Throws: as ``transaction(_:)``; a missing run is `body`'s to tell.
  public func transaction<T>(
    lockingRun runID: String, _ body: (StoreTransaction) throws -> T
  ) throws -> T {
    try runTransaction { tx in
      try tx.lockRun(runID)
      return try body(tx)
    }
  }

  /// ``transaction(lockingRun:_:)`` for a body that finds its run first: it calls
  /// ``StoreTransaction/lockRun(_:)`` with the run's id before reading the run to change it
  /// (and reads it again after, as another change may have committed meanwhile). The same
  /// rules for what `body` writes.
  public func runTransaction<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
    lock.lock()
    defer { lock.unlock() }
    // A batch holds the whole schema already.
    if batching { return try db.savepoint { try body(StoreTransaction(db: db)) } }
    return try db.runTransaction {
      try checkIntegrityOnce()
      return try body(StoreTransaction(db: db))
    }
  }

  /// A connection of its own that waits for other connections' commits, or `nil` on an
  /// engine that cannot tell them (SQLite: poll ``dataVersion()``); see ``ChangeListener``.
  /// - Throws: the engine's error when its connection cannot be made.
  public func makeListener() throws(StoreError) -> (any ChangeListener)? {
    try db.engine.makeListener()
  }

  /// Runs `body` — several changes, each its own ``transaction(_:)`` — in one `BEGIN
  /// IMMEDIATE` transaction with one commit, so one `fsync` makes them all durable (group
  /// commit: the server's writes that arrive together, docs/architecture.md §6). Each inner
  /// transaction is a savepoint: one that throws undoes only its own writes. Only the
  /// thread that called `batch` may use the store until it returns.
  ///
  /// - Throws: the commit's ``StoreError`` (then none of the inner changes is stored), or
  ///   `body`'s error after rolling everything back.
  ///
  /// With `changingRuns`, the batch is a ``runTransaction(_:)``: on PostgreSQL it holds the
  /// schema's lock shared and each change locks its run, so another server's batch of other
  /// runs commits side by side; a whole-schema ``transaction(_:)`` inside it then throws
  /// `.busy` at once, writing nothing — run that one alone, after the batch.
  public func batch<T>(changingRuns: Bool = false, _ body: () throws -> T) throws -> T {
    lock.lock()
    defer { lock.unlock() }
    let inside = { () throws -> T in
      try self.checkIntegrityOnce()
      self.batching = true
      self.batchingRuns = changingRuns
      defer {
        self.batching = false
        self.batchingRuns = false
      }
      return try body()
    }
    return try changingRuns ? db.runTransaction(inside) : db.transaction(inside)
  }

  /// Inside a ``batch(_:)``, `body` — one caller's part of the batch, maybe several
  /// transactions — in a savepoint of its own: when it throws, all of its writes are undone
  /// (so it may run again alone), the others' kept. Outside a batch, just `body`.
  public func batchPart<T>(_ body: () throws -> T) throws -> T {
    lock.lock()
    defer { lock.unlock() }
    guard batching else { return try body() }
    return try db.savepoint(body)
  }

  /// Whether a ``batch(_:)`` is open (only its thread gets past `lock` meanwhile).
  private var batching = false
  /// Whether the open batch holds only run locks (``batch(changingRuns:_:)``).
  private var batchingRuns = false

  /// Runs `body` in one read transaction (`BEGIN DEFERRED` … `COMMIT`): one consistent
  /// snapshot of the file, without the write lock, so in WAL mode readers never queue behind
  /// a writer (or each other). `body` must only read; inside a write transaction it simply
  /// runs in it.
  public func read<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
    lock.lock()
    defer { lock.unlock() }
    return try db.readTransaction { try body(StoreTransaction(db: db)) }
  }

  /// ``read(_:)`` for a body of exactly one statement, which is its own consistent snapshot
  /// without a transaction around it (SQLite's autocommit, PostgreSQL's single statement):
  /// two round trips fewer on PostgreSQL than BEGIN … COMMIT, for reads every request makes.
  /// Inside a transaction it simply runs in it.
  public func readOne<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body(StoreTransaction(db: db))
  }

  /// Whether this connection has checked the file before its first write.
  private var integrityChecked = false

  /// Before the first write of this connection, the engine's check (SQLite: `PRAGMA
  /// quick_check`, which sees damage a statement would only meet on the pages it reads): a
  /// write must never land in a damaged file.
  /// - Throws: `.corrupt`, with the file left as it was (the transaction rolls back).
  private func checkIntegrityOnce() throws(StoreError) {
    guard !integrityChecked else { return }
    try db.engine.checkIntegrity()
    integrityChecked = true
  }

  // MARK: Reading

  /// Running, paused or waiting runs, oldest first.
  public func activeRuns() throws(StoreError) -> [Run] {
    try runs("WHERE status = 'active' ORDER BY created_ms, id", [])
  }

  /// A number that changes whenever another connection (process) commits to the database;
  /// cheap enough to poll every second. Own commits do not change it.
  public func dataVersion() throws(StoreError) -> Int64 {
    try locked { () throws(StoreError) in try db.engine.dataVersion() }
  }

  // MARK: Helpers

  func runs(_ clause: String, _ values: [DatabaseValue]) throws(StoreError) -> [Run] {
    try locked { () throws(StoreError) in
      try db.query(RunCodec.selection + clause, values) {
        (row) throws(StoreError) in try RunCodec.decode(row: row, path: path)
      }
    }
  }
}
