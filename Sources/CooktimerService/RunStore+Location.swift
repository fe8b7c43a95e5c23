import CooktimerPostgreSQL
import CooktimerStore

/// Where the engine is picked: the one module that sees both the store and its PostgreSQL
/// engine (the store cannot import the engine, which builds on it).
extension RunStore {
  /// Opens the store `location` names (`--db`, `$COOKTIMER_DB`): a `postgresql://…` or
  /// `postgres://…` URL (libpq's connection URI) or an SQLite file, created on first use.
  /// - Throws: ``StoreError``, as ``RunStore/init(path:readOnly:)`` and
  ///   ``PostgreSQLEngine/init(url:)`` do.
  public static func open(location: String, readOnly: Bool = false) throws(StoreError)
    -> RunStore
  {
    guard isURL(location) else { return try RunStore(path: location, readOnly: readOnly) }
    return try RunStore(engine: try PostgreSQLEngine(url: location), readOnly: readOnly)
  }

  /// Whether `location` is a database server's URL rather than a file (which must exist
  /// before a command that only reads may open it).
  public static func isURL(_ location: String) -> Bool {
    PostgreSQLEngine.isURL(location)
  }
}
