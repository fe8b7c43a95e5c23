import CPostgreSQL
import CooktimerStore

#if canImport(Glibc)
  import Glibc
#endif

/// One PostgreSQL connection (libpq) underneath a ``RunStore``: the store's SQL translated
/// (``PostgreSQLTranslation``), its schema in the connection's current schema (the first of
/// `search_path`, `public` unless the URL's `options` say otherwise). Not thread-safe; the
/// store serializes calls.
///
/// Write transactions take a transaction-level advisory lock on the schema (§13.3.5): a
/// whole-schema write (``beginWrite()``) takes it exclusively, so those writers take turns as
/// SQLite's `BEGIN IMMEDIATE` makes them; a change of single runs (``beginRunWrite()``) takes
/// it shared and locks its run's row (`SELECT … FOR NO KEY UPDATE`, §13.3.2), so changes of
/// different runs commit side by side and still never overlap a whole-schema write. Every
/// write commit notifies `cooktimer_runs` (and `cooktimer_outbox` when it queued pushes),
/// the schema's name as payload, for the listeners of ``makeListener()``.
public final class PostgreSQLEngine: DatabaseEngine {
  let connection: OpaquePointer
  public let label: String
  /// The URL connected to, for a listener's connection of its own.
  private let url: String
  public var dialect: SQLDialect { .postgreSQL }

  /// Connects to `url` (`postgresql://…` or `postgres://…`, libpq's connection URI, §34.1.1).
  /// - Throws: `.io` when libpq cannot be loaded, `.unreachable` when the server cannot be
  ///   reached or has no connection left, `.permissionDenied` when it refuses the login.
  public init(url given: String) throws(StoreError) {
    let url = Self.normalizedScheme(given)
    let label = Self.withoutPassword(url)
    if let failure = cooktimer_pq_load() {
      throw StoreError(kind: .io, path: label, detail: String(cString: failure))
    }
    guard var connection = cooktimer_pq_connect(url) else {
      throw StoreError(kind: .io, path: label, detail: "libpq could not start a connection")
    }
    // A server starting up or shutting down (a restart, a failover) refuses for a moment;
    // tried again with the lost connection's pauses: a `send` started just before a
    // `pg_ctl restart` exited instead (the fault test). Once it said so, no server there
    // for a moment (between the old one and the new) is part of the restart too.
    var restarting = false
    for delay in Self.reconnectDelays where cooktimer_pq_status(connection) != CONNECTION_OK {
      let message = String(cString: cooktimer_pq_error_message(connection))
      if Self.isStartingOrStopping(message) {
        restarting = true
      } else if !(restarting && Self.isNoServer(message)) {
        break
      }
      usleep(delay)
      cooktimer_pq_finish(connection)
      guard let again = cooktimer_pq_connect(url) else {
        throw StoreError(kind: .io, path: label, detail: "libpq could not start a connection")
      }
      connection = again
    }
    guard cooktimer_pq_status(connection) == CONNECTION_OK else {
      let message = Self.oneLine(String(cString: cooktimer_pq_error_message(connection)))
      cooktimer_pq_finish(connection)
      // A login refused (exit 77): a wrong password, a failed authentication, a role that
      // does not exist or may not log in (SQLSTATE 28000/28P01, which a failed connection
      // does not report apart from its message).
      // Too many connections (SQLSTATE 53300, for the server or the role) is a full server,
      // not a refused login: it names the role too, so it is told apart first.
      let full = message.contains("too many connections")
      let refused = ["password", "authentication", "not permitted to log in", "role \""]
        .contains { message.contains($0) }
      throw StoreError(
        kind: full ? .unreachable : refused ? .permissionDenied : .unreachable, path: label,
        detail: "cannot connect to PostgreSQL: \(message)")
    }
    self.connection = connection
    self.label = label
    self.url = url
  }

  deinit {
    cooktimer_pq_finish(connection)
  }

  /// Whether a failed connection's message is SQLSTATE 57P03 (cannot_connect_now), which a
  /// failed connection reports only as text (backend/utils/init/postinit.c, postmaster.c).
  static func isStartingOrStopping(_ message: String) -> Bool {
    [
      "the database system is starting up", "the database system is shutting down",
      "the database system is not yet accepting connections",
      "the database system is not accepting connections",
    ].contains { message.contains($0) }
  }

  /// Whether a failed connection found no server listening (a socket file missing, a
  /// port refused).
  static func isNoServer(_ message: String) -> Bool {
    message.contains("No such file or directory") || message.contains("Connection refused")
  }

  /// Whether `location` (a `--db` value) names a PostgreSQL database rather than a file.
  /// Whether `location` names a PostgreSQL server: a `postgresql:` or `postgres:` scheme in
  /// any case (RFC 3986 §3.1: schemes are case-insensitive), however many slashes follow —
  /// so `POSTGRESQL://…` or a `postgresql:/…` typo is read as a URL (and refused by libpq
  /// if malformed), never made a file of that name.
  public static func isURL(_ location: String) -> Bool {
    let lowered = location.prefix(11).lowercased()
    return lowered.hasPrefix("postgresql:") || lowered.hasPrefix("postgres:")
  }

  /// `url` with its scheme in lower case, as libpq reads it.
  static func normalizedScheme(_ url: String) -> String {
    guard let colon = url.firstIndex(of: ":") else { return url }
    return url[..<colon].lowercased() + url[colon...]
  }

  /// The URL as errors show it: any password (`user:password@`, `password=`) left out.
  public static func withoutPassword(_ url: String) -> String {
    var text = url
    if let password = userPassword(in: text) {
      text.removeSubrange(text.index(before: password.lowerBound)..<password.upperBound)
    }
    if let query = text.range(of: "password=") {
      let end = text[query.upperBound...].firstIndex(of: "&") ?? text.endIndex
      text.replaceSubrange(query.upperBound..<end, with: "…")
    }
    return text
  }

  /// Where the password of `url`'s user information (`user:password@host`) stands, if
  /// there is one: the authority ends at the first `/`, `?` or `#`, and its last `@` ends
  /// the user information (RFC 3986 §3.2), so a stray `@` in the password hides nothing.
  static func userPassword(in url: String) -> Range<String.Index>? {
    guard let scheme = url.range(of: "://") else { return nil }
    let authorityEnd =
      url[scheme.upperBound...].firstIndex(where: { "/?#".contains($0) }) ?? url.endIndex
    guard let at = url[scheme.upperBound..<authorityEnd].lastIndex(of: "@"),
      let colon = url[scheme.upperBound..<at].firstIndex(of: ":")
    else { return nil }
    return url.index(after: colon)..<at
  }

  static func oneLine(_ message: String) -> String {
    message.split(whereSeparator: \.isNewline).map {
      $0.trimmingPrefix("ERROR:").trimmingPrefix("  ")
    }.joined(separator: " / ")
  }

  // MARK: Statements

  public func prepare(_ sql: String) throws(StoreError) -> any DatabaseStatement {
    PostgreSQLStatement(engine: self, sql: sql)
  }

  public func execute(_ sql: String) throws(StoreError) {
    if isInTransaction && Self.isSavepointCommand(sql) {
      pending.append(sql)
      return
    }
    if !isInTransaction { try reconnectIfLost() }
    let text = (pending + [PostgreSQLTranslation.translate(sql)]).joined(separator: "; ")
    pending = []
    roundTrips += 1
    let result = try checked(cooktimer_pq_exec(connection, text))
    cooktimer_pq_clear(result)
  }

  /// Savepoint commands of the open transaction not sent yet: nobody reads their answers,
  /// so they go with the next statement instead of a round trip each — a batch's part
  /// opens and closes two savepoints, which the next part's first statement (or the commit)
  /// then carries (§55.2.2.1: a simple query's statements run in order, the first error
  /// ending it; its error is then the next statement's, and the transaction failed alike).
  private var pending: [String] = []

  private static func isSavepointCommand(_ sql: String) -> Bool {
    sql.hasPrefix("SAVEPOINT ") || sql.hasPrefix("RELEASE ") || sql.hasPrefix("ROLLBACK TO ")
  }

  /// Sends the savepoint commands waiting (``pending``), before a statement of its own.
  func sendPending() throws(StoreError) {
    guard !pending.isEmpty else { return }
    let text = pending.joined(separator: "; ")
    pending = []
    roundTrips += 1
    cooktimer_pq_clear(try checked(cooktimer_pq_exec(connection, text)))
  }

  /// Whether savepoint commands wait to be sent (``pending``).
  var hasPending: Bool { !pending.isEmpty }

  /// The savepoint commands waiting (``pending``), then the one statement `sendStatement`
  /// sends (`PQsendQueryPrepared`), in one round trip: libpq's pipeline mode (§34.5, libpq
  /// ≥ 14) sends them all and one Sync, then reads every answer. Statements after a failed one
  /// are skipped by the server (`PGRES_PIPELINE_ABORTED`) and the first error is thrown, as a
  /// simple query of them all would (§55.2.4). Without pipeline mode (an older libpq), the
  /// savepoints go first in a round trip of their own.
  ///
  /// - Returns: the statement's result.
  /// - Throws: the first failed statement's error; `.busy` when the connection was lost.
  func afterPending(_ sendStatement: () -> Int32) throws(StoreError) -> OpaquePointer {
    roundTrips += 1
    guard cooktimer_pq_enter_pipeline_mode(connection) == 1 else {
      try sendPending()
      guard sendStatement() == 1 else { throw connectionError() }
      return try checked(
        cooktimer_pq_get_result(connection).map { first in
          // Outside pipeline mode one statement has one result, then NULL.
          while let extra = cooktimer_pq_get_result(connection) { cooktimer_pq_clear(extra) }
          return first
        })
    }
    let commands = pending
    pending = []
    var sent = commands.allSatisfy { cooktimer_pq_send_statement(connection, $0) == 1 }
    sent = sent && sendStatement() == 1 && cooktimer_pq_pipeline_sync(connection) == 1
    var results: [OpaquePointer] = []
    var synced = false
    // Each statement's result is followed by one NULL; two in a row, or one on a lost
    // connection, mean nothing more comes.
    var nulls = 0
    while sent && nulls < 2 {
      guard let result = cooktimer_pq_get_result(connection) else {
        nulls += 1
        if cooktimer_pq_status(connection) != CONNECTION_OK { break }
        continue
      }
      nulls = 0
      if cooktimer_pq_result_status(result) == PGRES_PIPELINE_SYNC {
        cooktimer_pq_clear(result)
        synced = true
        break
      }
      results.append(result)
    }
    _ = cooktimer_pq_exit_pipeline_mode(connection)
    // A connection lost on the way is the loss (`.busy`), whatever the server said as it
    // went (in pipeline mode libpq passes on its FATAL message, SQLSTATE 57P01, as a result).
    guard cooktimer_pq_status(connection) == CONNECTION_OK else {
      for result in results { cooktimer_pq_clear(result) }
      throw connectionError()
    }
    var answer: OpaquePointer?
    var failure: StoreError?
    for result in results {
      if failure != nil || cooktimer_pq_result_status(result) == PGRES_PIPELINE_ABORTED {
        cooktimer_pq_clear(result)
        continue
      }
      do {
        let checked = try checked(result)
        if let answer { cooktimer_pq_clear(answer) }
        answer = checked
      } catch {
        failure = error
      }
    }
    if let failure {
      if let answer { cooktimer_pq_clear(answer) }
      throw failure
    }
    guard synced, results.count == commands.count + 1, let answer else {
      if let answer { cooktimer_pq_clear(answer) }
      throw connectionError()
    }
    return answer
  }

  /// `result` when it is a success; else its error, the result cleared.
  func checked(_ result: OpaquePointer?) throws(StoreError) -> OpaquePointer {
    guard let result else { throw connectionError() }
    switch cooktimer_pq_result_status(result) {
    case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY: return result
    default:
      let code = cooktimer_pq_result_error_field(result, Int32(UInt8(ascii: "C"))).map {
        String(cString: $0)
      }
      let primary = cooktimer_pq_result_error_field(result, Int32(UInt8(ascii: "M")))
      let message = Self.oneLine(
        String(cString: primary ?? cooktimer_pq_result_error_message(result)))
      cooktimer_pq_clear(result)
      guard let code else { throw connectionError() }
      throw PostgreSQLErrors.error(sqlState: code, message: message, label: label)
    }
  }

  /// A lost connection (the server restarted, a failover): `.busy`, which front ends answer
  /// "try again" (HTTP 503). A change whose COMMIT was in flight may or may not be stored;
  /// retried with its idempotency key it runs at most once.
  private func connectionError() -> StoreError {
    let message = Self.oneLine(String(cString: cooktimer_pq_error_message(connection)))
    let outcome = committing ? "; the change's outcome is unknown" : ""
    return StoreError(
      kind: .busy, path: label, detail: "lost the connection to PostgreSQL\(outcome): \(message)")
  }

  /// Whether a COMMIT is in flight (its loss leaves the outcome unknown).
  private var committing = false

  /// Pauses between attempts to reconnect: about 3 s in all, enough for a restart or a
  /// promoted standby, short enough that a request waiting on it is still answered.
  static let reconnectDelays: [UInt32] = [50_000, 100_000, 200_000, 400_000, 800_000, 1_600_000]

  /// The server-side prepared statements of this connection (`PQprepare`, manual §34.3.1),
  /// by parameter types and SQL: each is parsed and planned once per connection instead of
  /// at every run, which is most of a short statement's cost on the server.
  private var prepared: [String: String] = [:]
  /// The store's statements are a fixed set of texts; past this many, statements run
  /// unprepared (`PQexecParams`) rather than fill the server's memory.
  static let preparedLimit = 256

  /// The name of `sql` prepared on this connection with parameters of `types` (0: inferred
  /// by the server), preparing it now on first use; `nil` past ``preparedLimit``.
  /// - Throws: the server's error for the statement (its SQL, or a transaction that failed).
  func preparedName(_ sql: String, types: [Oid]) throws(StoreError) -> String? {
    if let name = preparedAlready(sql, types: types) { return name }
    let key = Self.preparedKey(sql, types: types)
    guard prepared.count < Self.preparedLimit else { return nil }
    let name = "cooktimer_\(prepared.count)"
    let result = try checked(
      cooktimer_pq_prepare(connection, name, sql, Int32(types.count), types))
    cooktimer_pq_clear(result)
    prepared[key] = name
    roundTrips += 1
    return name
  }

  /// The name of `sql` with parameters of `types` if this connection prepared it already.
  func preparedAlready(_ sql: String, types: [Oid]) -> String? {
    prepared[Self.preparedKey(sql, types: types)]
  }

  private static func preparedKey(_ sql: String, types: [Oid]) -> String {
    types.map(String.init).joined(separator: ",") + ";" + sql
  }

  /// Round trips to the server on this connection so far, each a wait for answers (a
  /// statement, a simple query of several, a pipeline, a `PQprepare`): what a change costs,
  /// counted (docs/deploy.md §6).
  public internal(set) var roundTrips = 0

  /// Before a statement outside a transaction (and before BEGIN): a connection found
  /// broken is reset (`PQreset`, the same URL), with growing pauses. The statement that met
  /// the loss has failed already; this one runs on the new connection.
  /// - Throws: `.unreachable` when the server is still not there after the last attempt.
  func reconnectIfLost() throws(StoreError) {
    guard cooktimer_pq_status(connection) != CONNECTION_OK else { return }
    for delay in Self.reconnectDelays {
      cooktimer_pq_reset(connection)
      // A new session has none of the old one's prepared statements, nor its transaction.
      prepared = [:]
      pending = []
      if cooktimer_pq_status(connection) == CONNECTION_OK { return }
      usleep(delay)
    }
    // Nothing was lost in flight here: the server is simply not there (down, restarting
    // longer than the pauses, out of connections) — `.unreachable`, not "busy".
    let message = Self.oneLine(String(cString: cooktimer_pq_error_message(connection)))
    throw StoreError(
      kind: .unreachable, path: label, detail: "cannot reconnect to PostgreSQL: \(message)")
  }

  // MARK: Transactions

  /// True from a BEGIN this engine sent until its COMMIT or ROLLBACK, also when the
  /// connection was lost in between (`PQTRANS_UNKNOWN`): the transaction's statements went
  /// with it, so what follows must fail (`.busy`, "try again") rather than run on a new
  /// connection outside any transaction — a group commit's next savepoint did
  /// (SQLSTATE 25P01, "SAVEPOINT can only be used in transaction blocks"), answered 500.
  public var isInTransaction: Bool { opened || serverHasTransaction }

  /// What libpq says of the connection: a transaction open on the server.
  private var serverHasTransaction: Bool {
    let status = cooktimer_pq_transaction_status(connection)
    return status != PQTRANS_IDLE && status != PQTRANS_UNKNOWN
  }

  /// Whether this engine began a transaction that has not ended yet.
  private var opened = false

  /// Whether the open transaction is a write transaction (its commit bumps the version).
  private var writing = false

  public func beginWrite() throws(StoreError) {
    try begin(locking: "SELECT pg_advisory_xact_lock(hashtext(current_schema()))")
  }

  /// The schema's advisory lock shared: other run writers go on, whole-schema writers wait
  /// (and are waited for). The store then locks the run's row.
  public func beginRunWrite() throws(StoreError) {
    try begin(locking: "SELECT pg_advisory_xact_lock_shared(hashtext(current_schema()))")
  }

  /// BEGIN and the lock in one round trip (one simple query of two statements, §55.2.2.1):
  /// the lock's answer is the only one waited for.
  private func begin(locking lock: String) throws(StoreError) {
    do {
      try retryingOnce { () throws(StoreError) in try execute("BEGIN; " + lock) }
    } catch {
      // BEGIN done, the lock refused: the transaction is open and failed.
      rollback()
      throw error
    }
    opened = true
    writing = true
    notifying = [.runs]
  }

  /// The channels the open write transaction's commit notifies.
  private var notifying: Set<StoreChannel> = []

  public func notifyOnCommit(_ channel: StoreChannel) {
    if writing { notifying.insert(channel) }
  }

  public func makeListener() throws(StoreError) -> (any ChangeListener)? {
    try PostgreSQLListener(url: url, label: label)
  }

  /// `REPEATABLE READ READ ONLY`: every statement of it sees one snapshot, as SQLite's
  /// deferred transaction does.
  public func beginRead() throws(StoreError) {
    try retryingOnce { () throws(StoreError) in
      try execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
    }
    opened = true
  }

  /// `body` (something that changes nothing: BEGIN, a lone read), and once more on a new
  /// connection when the first try found the connection lost — a server restarted since the
  /// last call costs the caller no error. Anything else fails as it is.
  func retryingOnce<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    do {
      return try body()
    } catch  where cooktimer_pq_status(connection) != CONNECTION_OK && !isInTransaction {
      try reconnectIfLost()
      return try body()
    }
  }

  /// Queues the notifications (sent by the server only if the commit succeeds), commits,
  /// then bumps the data version (a sequence: no row lock, so writers never queue on it).
  /// After, not before: a sequence is not transactional, so a number taken before `COMMIT`
  /// could be read by another server's watcher while its snapshot still lacked the change,
  /// which it would then count as seen (the fault benchmark lost 13 of 200 changes so). A
  /// bump lost with the connection after a commit is not an error of the commit: the
  /// NOTIFY, delivered at commit, still makes every listener look.
  ///
  /// All three go in one round trip (one simple query, §55.2.2.1): its statements run in
  /// order, each after the one before has finished — the bump after the commit is durable —
  /// and the first that fails ends it, so a failed NOTIFY leaves the transaction open and
  /// failed (the caller rolls back) and a failed COMMIT sends no bump.
  public func commit() throws(StoreError) {
    defer { opened = false }
    let bumps = writing && cooktimer_pq_transaction_status(connection) == PQTRANS_INTRANS
    var statements = pending
    pending = []
    if bumps && !notifying.isEmpty {
      // The channel names are this program's constants, not outside input.
      let notices = notifying.map { "pg_notify('\($0.rawValue)', current_schema())" }.sorted()
      statements.append("SELECT " + notices.joined(separator: ", "))
    }
    let commitIndex = statements.count
    statements.append("COMMIT")
    if bumps { statements.append("SELECT nextval('cooktimer_data_version')") }
    writing = false
    notifying = []
    committing = true
    defer { committing = false }
    if case (let index, let error)? = sendAll(statements), index <= commitIndex { throw error }
  }

  /// Sends `statements` as one simple query and reads every result: the index and error of
  /// the first that failed (the server runs none after it), or `nil`.
  private func sendAll(_ statements: [String]) -> (Int, StoreError)? {
    roundTrips += 1
    guard cooktimer_pq_send_query(connection, statements.joined(separator: "; ")) == 1 else {
      return (0, connectionError())
    }
    var failure: (Int, StoreError)?
    var index = 0
    while let result = cooktimer_pq_get_result(connection) {
      if failure == nil {
        do {
          cooktimer_pq_clear(try checked(result))
        } catch {
          failure = (index, error)
        }
      } else {
        cooktimer_pq_clear(result)
      }
      index += 1
    }
    // A connection lost before any answer gives no result at all.
    if failure == nil && index == 0 { return (0, connectionError()) }
    return failure
  }

  public func rollback() {
    writing = false
    notifying = []
    opened = false
    pending = []
    guard serverHasTransaction else { return }
    roundTrips += 1
    cooktimer_pq_clear(cooktimer_pq_exec(connection, "ROLLBACK"))
  }

  // MARK: Schema and versions

  /// The data version: the sequence every commit takes a number from. Unlike SQLite's
  /// `data_version`, this connection's own commits move it too (a poller then looks once
  /// more, and finds its own change).
  public func dataVersion() throws(StoreError) -> Int64 {
    let statement = try prepare("SELECT last_value FROM cooktimer_data_version")
    return try statement.step() ? statement.int64(0) : 0
  }

  /// Nothing to do before the first write: PostgreSQL reports a damaged page itself
  /// (SQLSTATE XX001, `.corrupt`) on the statement that reads it.
  public func checkIntegrity() throws(StoreError) {}

  public func schemaMark() throws(StoreError) -> SchemaMark {
    let tables = try prepare(
      """
      SELECT count(*), to_regclass('cooktimer_schema') IS NOT NULL, current_schema() IS NULL
      FROM pg_catalog.pg_tables WHERE schemaname = current_schema()
      """)
    guard try tables.step() else { return SchemaMark(isEmpty: true, isOurs: false, version: 0) }
    let (count, marked) = (tables.int64(0), tables.int64(1) != 0)
    // No schema of the search_path exists: said here, where even a read-only command looks
    // (a tester's `status` said "`start RECIPE` makes it", and `start` then exited 78).
    if tables.int64(2) != 0 {
      throw StoreError(
        kind: .misconfigured, path: label,
        detail: "no schema of the URL's search_path exists (SQLSTATE 3F000)",
        hint: PostgreSQLErrors.schemaHint)
    }
    guard marked else { return SchemaMark(isEmpty: count == 0, isOurs: false, version: 0) }
    let mark = try prepare("SELECT application_id, version FROM cooktimer_schema")
    guard try mark.step() else { return SchemaMark(isEmpty: false, isOurs: false, version: 0) }
    return SchemaMark(
      isEmpty: false, isOurs: mark.int64(0) == Self.applicationID, version: Int(mark.int64(1)))
  }

  /// "Cook" in ASCII, as SQLite's `application_id`.
  static let applicationID: Int64 = 0x436F_6F6B

  public func setSchemaVersion(_ version: Int) throws(StoreError) {
    // Both numbers are integers of this program, not outside input.
    try execute(
      """
      CREATE TABLE IF NOT EXISTS cooktimer_schema (
        application_id BIGINT NOT NULL, version BIGINT NOT NULL);
      CREATE SEQUENCE IF NOT EXISTS cooktimer_data_version;
      DELETE FROM cooktimer_schema;
      INSERT INTO cooktimer_schema VALUES (\(Self.applicationID), \(version));
      """)
  }
}
