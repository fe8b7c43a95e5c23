import CooktimerPostgreSQL
import CooktimerStore
import Foundation

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

  /// The store at `location` if a cooktimer database is there already, else `nil`: no file
  /// at the path, or a PostgreSQL database whose schema has no table yet. Nothing is
  /// created; a database of an older cooktimer is brought up to date as ``open(location:readOnly:)`` does.
  /// - Throws: ``StoreError``, as ``open(location:readOnly:)`` does.
  public static func openExisting(location: String) throws(StoreError) -> RunStore? {
    guard isURL(location) else {
      guard FileManager.default.fileExists(atPath: location) else { return nil }
      return try RunStore(path: location)
    }
    let engine = try PostgreSQLEngine(url: location)
    guard try !engine.schemaMark().isEmpty else { return nil }
    return try RunStore(engine: engine)
  }

  /// Whether `location` is a database server's URL rather than a file (which must exist
  /// before a command that only reads may open it).
  public static func isURL(_ location: String) -> Bool {
    PostgreSQLEngine.isURL(location)
  }
}
