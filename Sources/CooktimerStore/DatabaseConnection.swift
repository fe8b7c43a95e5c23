/// The store's connection: an engine (``DatabaseEngine``) with the helpers every store
/// function uses — run, query, first, transactions, savepoints — and a cache of prepared
/// statements. Engine-neutral: the same code runs on SQLite and PostgreSQL. Not
/// thread-safe; ``RunStore`` serializes access.
final class DatabaseConnection {
  let engine: any DatabaseEngine
  /// Named in every error: the file (`:memory:`), or the URL without its password.
  var path: String { engine.label }
  var dialect: SQLDialect { engine.dialect }
  /// Prepared statements by their SQL, for reuse (``withStatement(_:_:)``).
  private var prepared: [String: any DatabaseStatement] = [:]
  /// The store's statements are a fixed set of texts; a bound keeps any surprise small.
  static let preparedLimit = 128

  /// The changes logged in the open transaction (`kind:runID`, ``StoreTransaction``'s
  /// `recordChange`): a run saved twice in one transaction (a catch-up, then the change) is
  /// one change of the log. Emptied when a transaction begins; a savepoint rolled back
  /// forgets what it logged.
  var loggedChanges: Set<String> = []

  init(engine: any DatabaseEngine) {
    self.engine = engine
  }

  /// An SQLite file (or `:memory:`); see ``SQLiteEngine/init(path:readOnly:)``.
  convenience init(path: String, readOnly: Bool) throws(StoreError) {
    self.init(engine: try SQLiteEngine(path: path, readOnly: readOnly))
  }

  /// Runs SQL that takes no values (schema, pragmas, transaction control).
  func execute(_ sql: String) throws(StoreError) {
    try engine.execute(sql)
  }

  /// Runs one statement with bound `values`; returns the number of rows it changed.
  @discardableResult
  func run(_ sql: String, _ values: [DatabaseValue] = []) throws(StoreError) -> Int {
    try withStatement(sql) { (statement) throws(StoreError) in
      try statement.bind(values)
      while try statement.step() {}
      return statement.changes
    }
  }

  /// Every row of a query, each read by `row`.
  func query<T>(
    _ sql: String, _ values: [DatabaseValue] = [],
    _ row: (any DatabaseStatement) throws(StoreError) -> T
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
    _ row: (any DatabaseStatement) throws(StoreError) -> T
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
    _ sql: String, _ body: (any DatabaseStatement) throws(StoreError) -> T
  ) throws(StoreError) -> T {
    statementsRun += 1
    let statement: any DatabaseStatement
    if let kept = prepared.removeValue(forKey: sql) {
      statement = kept
    } else {
      statement = try engine.prepare(sql)
    }
    defer {
      statement.reset()
      if prepared.count < Self.preparedLimit { prepared[sql] = statement }
    }
    return try body(statement)
  }

  /// A single-value query (`SELECT count(*) …`).
  func integer(_ sql: String) throws(StoreError) -> Int64 {
    try first(sql) { $0.int64(0) } ?? 0
  }

  /// Runs `body` in a write transaction (``DatabaseEngine/beginWrite()``) and commits.
  /// On a throw, rolls back and rethrows the first error; a failed rollback never hides it.
  func transaction<T>(_ body: () throws -> T) throws -> T {
    try engine.beginWrite()
    loggedChanges = []
    let result = try finishing(body)
    writeCommits += 1
    return result
  }

  /// The write transactions this connection has committed: on SQLite each is one `fdatasync`
  /// of the WAL (SQLite's default `synchronous`), what a timer's push waits for before its request.
  private(set) var writeCommits = 0

  /// The statements with values this connection has run (``withStatement(_:_:)``; not the
  /// transaction commands): on PostgreSQL each is one round trip, so a test can count what
  /// a sender's wave costs.
  private(set) var statementsRun = 0

  /// Runs `body` in a write transaction of single runs (``DatabaseEngine/beginRunWrite()``):
  /// `body` locks each run it changes (``lockRun(_:)``) before reading it.
  func runTransaction<T>(_ body: () throws -> T) throws -> T {
    try engine.beginRunWrite()
    loggedChanges = []
    let result = try finishing(body)
    writeCommits += 1
    return result
  }

  /// Locks run `id`'s row until the transaction ends, so another connection's change of the
  /// same run waits for this one's commit and then reads what it stored (PostgreSQL:
  /// `SELECT … FOR NO KEY UPDATE`, manual §13.3.2). SQLite's write lock covers the file already.
  ///
  /// `NO KEY`: the lock does not block rows of other tables that reference the run (their
  /// foreign-key check takes `FOR KEY SHARE`), so a change of run A may queue a push for run
  /// B while B's own change holds B — re-scoring does — where `FOR UPDATE` made the two
  /// changes wait for each other (a deadlock, one of them aborted).
  @discardableResult
  func lockRun(_ id: String) throws(StoreError) -> Bool {
    guard dialect == .postgreSQL else { return false }
    try run("SELECT id FROM runs WHERE id = ? FOR NO KEY UPDATE", [.text(id)])
    return true
  }

  /// `body`, then `COMMIT`; on a throw, rolls back and rethrows the first error.
  private func finishing<T>(_ body: () throws -> T) throws -> T {
    let result: T
    do {
      result = try body()
      try engine.commit()
    } catch {
      engine.rollback()
      throw error
    }
    return result
  }

  /// Runs `body` in a savepoint of the open transaction: released when it returns, rolled
  /// back to (its writes undone, the transaction still open) when it throws.
  func savepoint<T>(_ body: () throws -> T) throws -> T {
    try execute("SAVEPOINT change")
    let logged = loggedChanges
    do {
      let result = try body()
      try execute("RELEASE change")
      return result
    } catch {
      loggedChanges = logged
      try? execute("ROLLBACK TO change")
      try? execute("RELEASE change")
      throw error
    }
  }

  /// Runs `body` in a read transaction, or as part of the transaction already open.
  func readTransaction<T>(_ body: () throws -> T) throws -> T {
    guard !engine.isInTransaction else { return try body() }
    try engine.beginRead()
    return try finishing(body)
  }
}
