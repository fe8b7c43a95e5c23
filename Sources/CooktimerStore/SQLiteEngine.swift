import CSQLite
import Foundation

/// One SQLite connection: opened with `sqlite3_open_v2`, extended result codes, foreign
/// keys on and a busy timeout. The only code (with ``SQLiteStatement``) that calls SQLite.
final class SQLiteEngine: DatabaseEngine {
  let handle: OpaquePointer
  /// The file as given (`:memory:` for an in-memory database); named in every error.
  let path: String
  var label: String { path }
  var dialect: SQLDialect { .sqlite }

  /// How long a writer waits for another process's transaction before giving up.
  static let busyTimeoutMilliseconds: Int32 = 5_000

  /// Marks the file as cooktimer's (`PRAGMA application_id`, the header at offset 68).
  static let applicationID = DatabaseMigrator.applicationID

  /// Opens an existing file (never creates one: ``RunStore`` creates it with mode 0600).
  init(path: String, readOnly: Bool) throws(StoreError) {
    var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
    flags |= readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
    if path == ":memory:" { flags |= SQLITE_OPEN_CREATE | SQLITE_OPEN_MEMORY }
    var db: OpaquePointer?
    let code = sqlite3_open_v2(path, &db, flags, nil)
    guard code == SQLITE_OK, let db else {
      let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open the database"
      let errno = db.map { sqlite3_system_errno($0) } ?? 0
      sqlite3_close_v2(db)
      throw StoreError.sqlite(code: code, message: message, path: path, systemErrno: errno)
    }
    self.handle = db
    self.path = path
    sqlite3_extended_result_codes(db, 1)
    sqlite3_busy_timeout(db, Self.busyTimeoutMilliseconds)
    // Keep the -wal and -shm files when the last connection closes (the WAL is checkpointed
    // and emptied all the same): the next process then finds them there and needs no disk
    // space to read, so `status` works on a full disk (docs/architecture.md §5).
    var persist: Int32 = 1
    sqlite3_file_control(db, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
    // A kept WAL is cut back to 4 MiB after a checkpoint, so one big import does not keep
    // its size on disk.
    try execute("PRAGMA journal_size_limit = 4194304")
    try execute("PRAGMA foreign_keys = ON")
  }

  deinit {
    // Statements are finalized by their owners first; v2 defers the close if one is left.
    sqlite3_close_v2(handle)
  }

  /// The error for a failed call, with SQLite's extended code and message.
  func error(_ code: Int32) -> StoreError {
    let extended = sqlite3_extended_errcode(handle)
    let message = String(cString: sqlite3_errmsg(handle))
    return StoreError.sqlite(
      code: extended != 0 ? extended : code, message: message, path: path,
      systemErrno: sqlite3_system_errno(handle))
  }

  func prepare(_ sql: String) throws(StoreError) -> any DatabaseStatement {
    try SQLiteStatement(connection: self, sql: sql)
  }

  func execute(_ sql: String) throws(StoreError) {
    let code = sqlite3_exec(handle, sql, nil, nil, nil)
    guard code == SQLITE_OK else { throw error(code) }
  }

  var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

  /// The write gate this connection holds between ``beginWrite()`` and its end.
  private var heldGate: NSRecursiveLock?

  /// `BEGIN IMMEDIATE`: the write lock is taken up front, so two processes never both read
  /// and then fail to upgrade (no `SQLITE_BUSY` mid-transaction).
  ///
  /// Writers of this process take turns on a lock of the file first: SQLite's busy handler
  /// makes a waiting connection sleep (1, 2, 5 … 100 ms) and retry, so threads of one
  /// process (the server's pool) contending through it lost most of their time asleep while
  /// the file was free. The lock wakes the next writer at once; other processes still meet
  /// in SQLite's lock and its busy timeout.
  func beginWrite() throws(StoreError) {
    let gate = WriteGate.for(path)
    gate.lock()
    do {
      try execute("BEGIN IMMEDIATE")
    } catch {
      gate.unlock()
      throw error
    }
    heldGate = gate
  }

  /// `BEGIN DEFERRED`: a transaction that only reads takes no write lock, and no write gate.
  func beginRead() throws(StoreError) {
    try execute("BEGIN DEFERRED")
  }

  func commit() throws(StoreError) {
    defer { if !isInTransaction { releaseGate() } }
    try execute("COMMIT")
  }

  func rollback() {
    if isInTransaction { try? execute("ROLLBACK") }
    releaseGate()
  }

  private func releaseGate() {
    heldGate?.unlock()
    heldGate = nil
  }

  /// `PRAGMA data_version`: changes when another connection commits; own commits do not.
  func dataVersion() throws(StoreError) -> Int64 {
    try integer("PRAGMA data_version")
  }

  /// `PRAGMA quick_check`: SQLite reports damage only on the pages a statement reads, and a
  /// write must never land in a damaged file.
  func checkIntegrity() throws(StoreError) {
    let statement = try prepare("PRAGMA quick_check(1)")
    let result = try statement.step() ? statement.text(0) : "ok"
    guard result == "ok" else {
      throw StoreError(
        kind: .corrupt, path: path,
        detail: "the database is damaged (\(result)); nothing was written")
    }
  }

  func schemaMark() throws(StoreError) -> SchemaMark {
    // One statement, so one snapshot: three separate reads could straddle another
    // process's first migration and see its tables without its application id.
    let statement = try prepare(
      """
      SELECT (SELECT application_id FROM pragma_application_id()),
        (SELECT user_version FROM pragma_user_version()), (SELECT count(*) FROM sqlite_schema)
      """)
    guard try statement.step() else { return SchemaMark(isEmpty: true, isOurs: false, version: 0) }
    let (application, version, objects) = (
      statement.int64(0), statement.int64(1), statement.int64(2)
    )
    return SchemaMark(
      isEmpty: application == 0 && version == 0 && objects == 0,
      isOurs: application == Self.applicationID, version: Int(version))
  }

  func setSchemaVersion(_ version: Int) throws(StoreError) {
    // Pragmas take no bound values; both numbers are integers of this program.
    try execute("PRAGMA application_id = \(Self.applicationID)")
    try execute("PRAGMA user_version = \(version)")
  }

  /// An integer pragma or single-value query.
  func integer(_ sql: String) throws(StoreError) -> Int64 {
    let statement = try prepare(sql)
    return try statement.step() ? statement.int64(0) : 0
  }
}

/// One lock per database file for this process's writers (see
/// ``SQLiteEngine/beginWrite()``). Recursive, so a transaction that reaches a second
/// connection to the same file on the same thread fails as before (busy) instead of hanging.
enum WriteGate {
  private static let table = NSLock()
  nonisolated(unsafe) private static var gates: [String: NSRecursiveLock] = [:]

  static func `for`(_ path: String) -> NSRecursiveLock {
    table.lock()
    defer { table.unlock() }
    if let gate = gates[path] { return gate }
    let gate = NSRecursiveLock()
    gates[path] = gate
    return gate
  }
}
