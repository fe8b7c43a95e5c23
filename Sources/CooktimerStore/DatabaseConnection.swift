import CSQLite
import Foundation

/// One SQLite connection: opened with `sqlite3_open_v2`, extended result codes, foreign
/// keys on and a busy timeout. Not thread-safe; ``RunStore`` serializes access.
final class DatabaseConnection {
  let handle: OpaquePointer
  /// The file as given (`:memory:` for an in-memory database); named in every error.
  let path: String
  /// Prepared statements by their SQL, for reuse (``withStatement(_:_:)``).
  private var prepared: [String: DatabaseStatement] = [:]
  /// The store's statements are a fixed set of texts; a bound keeps any surprise small.
  static let preparedLimit = 128

  /// How long a writer waits for another process's transaction before giving up.
  static let busyTimeoutMilliseconds: Int32 = 5_000

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

  /// Runs SQL that takes no values (schema, pragmas, transaction control).
  func execute(_ sql: String) throws(StoreError) {
    let code = sqlite3_exec(handle, sql, nil, nil, nil)
    guard code == SQLITE_OK else { throw error(code) }
  }

  /// Runs one statement with bound `values`; returns the number of rows it changed.
  @discardableResult
  func run(_ sql: String, _ values: [DatabaseValue] = []) throws(StoreError) -> Int {
    try withStatement(sql) { (statement) throws(StoreError) in
      try statement.bind(values)
      while try statement.step() {}
    }
    return Int(sqlite3_changes(handle))
  }

  /// Every row of a query, each read by `row`.
  func query<T>(
    _ sql: String, _ values: [DatabaseValue] = [],
    _ row: (DatabaseStatement) throws(StoreError) -> T
  ) throws(StoreError) -> [T] {
    try withStatement(sql) { (statement) throws(StoreError) in
      try statement.bind(values)
      var rows: [T] = []
      while try statement.step() { rows.append(try row(statement)) }
      return rows
    }
  }

  /// The first row of a query, if any.
  func first<T>(
    _ sql: String, _ values: [DatabaseValue] = [],
    _ row: (DatabaseStatement) throws(StoreError) -> T
  ) throws(StoreError) -> T? {
    try withStatement(sql) { (statement) throws(StoreError) in
      try statement.bind(values)
      return try statement.step() ? try row(statement) : nil
    }
  }

  /// `body` with the prepared statement of `sql`: kept from an earlier call, else prepared
  /// now (parsing and planning SQL costs more than running most of these statements), and
  /// reset afterwards, so a kept statement holds no lock. A statement in use is out of the
  /// cache, so a nested use of the same SQL prepares its own.
  func withStatement<T>(
    _ sql: String, _ body: (DatabaseStatement) throws(StoreError) -> T
  ) throws(StoreError) -> T {
    let statement: DatabaseStatement
    if let kept = prepared.removeValue(forKey: sql) {
      statement = kept
    } else {
      statement = try DatabaseStatement(connection: self, sql: sql)
    }
    defer {
      statement.reset()
      if prepared.count < Self.preparedLimit { prepared[sql] = statement }
    }
    return try body(statement)
  }

  /// An integer pragma or single-value query (`PRAGMA user_version`).
  func integer(_ sql: String) throws(StoreError) -> Int64 {
    try first(sql) { $0.int64(0) } ?? 0
  }

  var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// Runs `body` in `BEGIN IMMEDIATE` … `COMMIT`: the write lock is taken up front, so two
  /// processes never both read and then fail to upgrade (no `SQLITE_BUSY` mid-transaction).
  /// On a throw, rolls back and rethrows the first error; a failed rollback never hides it.
  ///
  /// Writers of this process take turns on a lock of the file first: SQLite's busy handler
  /// makes a waiting connection sleep (1, 2, 5 … 100 ms) and retry, so threads of one
  /// process (the server's pool) contending through it lost most of their time asleep while
  /// the file was free. The lock wakes the next writer at once; other processes still meet
  /// in SQLite's lock and its busy timeout.
  func transaction<T>(_ body: () throws -> T) throws -> T {
    let gate = WriteGate.for(path)
    gate.lock()
    defer { gate.unlock() }
    return try between("BEGIN IMMEDIATE", body)
  }

  /// `begin`, `body`, `COMMIT`; on a throw, rolls back and rethrows the first error.
  private func between<T>(_ begin: String, _ body: () throws -> T) throws -> T {
    try execute(begin)
    let result: T
    do {
      result = try body()
      try execute("COMMIT")
    } catch {
      if sqlite3_get_autocommit(handle) == 0 {
        try? execute("ROLLBACK")
      }
      throw error
    }
    return result
  }
}

extension DatabaseConnection {
  /// Runs `body` in a savepoint of the open transaction: released when it returns, rolled
  /// back to (its writes undone, the transaction still open) when it throws.
  func savepoint<T>(_ body: () throws -> T) throws -> T {
    try execute("SAVEPOINT change")
    do {
      let result = try body()
      try execute("RELEASE change")
      return result
    } catch {
      try? execute("ROLLBACK TO change")
      try? execute("RELEASE change")
      throw error
    }
  }

  /// Runs `body` in `BEGIN DEFERRED` … `COMMIT`, or as part of the transaction already open.
  /// No write gate: a deferred transaction that only reads takes no write lock.
  func readTransaction<T>(_ body: () throws -> T) throws -> T {
    guard sqlite3_get_autocommit(handle) != 0 else { return try body() }
    return try between("BEGIN DEFERRED", body)
  }
}

/// One lock per database file for this process's writers (see
/// ``DatabaseConnection/transaction(_:)``). Recursive, so a transaction that reaches a
/// second connection to the same file on the same thread fails as before (busy) instead of
/// hanging.
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
