/// One connection of a database engine, underneath ``RunStore``: SQLite (``SQLiteEngine``,
/// this module) or PostgreSQL (the `CooktimerPostgreSQL` module). The store writes its SQL
/// once, in SQLite's dialect with `?` placeholders; an engine runs it as it is or translates
/// it (docs/architecture.md, "one store, two engines").
///
/// Not thread-safe: ``RunStore`` serializes calls. Every failure is a ``StoreError`` naming
/// ``label``.
public protocol DatabaseEngine: AnyObject {
  /// What errors name: the file path, `:memory:`, or a connection URL without its password.
  var label: String { get }
  /// Which dialect the engine speaks, for the few texts written once per dialect.
  var dialect: SQLDialect { get }
  /// Whether a transaction is open on this connection.
  var isInTransaction: Bool { get }

  /// A statement of `sql` (one statement, `?` placeholders), ready to bind and step.
  func prepare(_ sql: String) throws(StoreError) -> any DatabaseStatement
  /// Runs SQL that takes no values: one or more statements (schema, transaction control).
  func execute(_ sql: String) throws(StoreError)

  /// Opens a write transaction: once it returns, no other writer of the database can change
  /// what this one reads before it commits (SQLite: `BEGIN IMMEDIATE`).
  func beginWrite() throws(StoreError)
  /// Opens a write transaction that changes single runs, each locked first
  /// (``RunStore/update(runID:_:)``): it excludes every ``beginWrite()`` writer but not other
  /// run writers, so changes of different runs commit side by side. SQLite has one write lock
  /// for the file: there it is ``beginWrite()``.
  func beginRunWrite() throws(StoreError)
  /// Asks that `channel` be told when the open write transaction commits (PostgreSQL:
  /// `NOTIFY`, sent by the server only at commit). Nothing on SQLite.
  func notifyOnCommit(_ channel: StoreChannel)
  /// A connection of its own that waits for other connections' commits, or `nil` when the
  /// engine cannot tell them (SQLite: poll ``dataVersion()``).
  func makeListener() throws(StoreError) -> (any ChangeListener)?
  /// Opens a transaction that only reads: one consistent snapshot, no write lock.
  func beginRead() throws(StoreError)
  /// Commits the open transaction.
  /// - Throws: the engine's error; the transaction is then rolled back or its outcome unknown.
  func commit() throws(StoreError)
  /// Rolls back the open transaction, if any; never throws (the first error is the one told).
  func rollback()

  /// A number that changes when another connection commits a change; cheap to poll.
  func dataVersion() throws(StoreError) -> Int64
  /// Checks the database before this connection's first write.
  /// - Throws: `.corrupt` when it is damaged.
  func checkIntegrity() throws(StoreError)
  /// The schema's mark: whether the database is empty, ours (and which version), or foreign.
  func schemaMark() throws(StoreError) -> SchemaMark
  /// Records schema `version` as ours, inside the migration's write transaction.
  func setSchemaVersion(_ version: Int) throws(StoreError)
}

extension DatabaseEngine {
  public func beginRunWrite() throws(StoreError) { try beginWrite() }
  public func notifyOnCommit(_ channel: StoreChannel) {}
  public func makeListener() throws(StoreError) -> (any ChangeListener)? { nil }
}

/// The SQL dialects the store's texts are written in.
public enum SQLDialect: Sendable, Hashable {
  case sqlite, postgreSQL
}

/// What an engine finds marking a database: its schema version and whether it is
/// cooktimer's (``DatabaseMigrator`` decides what that means).
public struct SchemaMark: Sendable, Hashable {
  /// Nothing in it at all: a new database, which the first migration makes ours.
  public var isEmpty: Bool
  /// Marked as cooktimer's (SQLite: `application_id`; PostgreSQL: the schema table).
  public var isOurs: Bool
  /// The schema version recorded (`0` when none).
  public var version: Int

  public init(isEmpty: Bool, isOurs: Bool, version: Int) {
    self.isEmpty = isEmpty
    self.isOurs = isOurs
    self.version = version
  }
}

/// A prepared statement of an engine: bind values to parameters 1...n, step through rows,
/// read the current row's columns (0-based). Column readers return `0`, `""` or `[]` for
/// `NULL`; ask ``isNull(_:)`` first where `NULL` means something.
public protocol DatabaseStatement: AnyObject {
  /// Binds `values` to parameters 1...n, after clearing earlier bindings.
  func bind(_ values: [DatabaseValue]) throws(StoreError)
  /// Steps once: `true` when a row is ready to read, `false` when done.
  func step() throws(StoreError) -> Bool
  /// Ends the statement's run (releasing what it holds); its bindings stay.
  func reset()
  /// Rows changed by the last completed run of this statement (`INSERT`, `UPDATE`, `DELETE`).
  var changes: Int { get }

  func isNull(_ column: Int32) -> Bool
  func int64(_ column: Int32) -> Int64
  func text(_ column: Int32) -> String
  func blob(_ column: Int32) -> [UInt8]
}
