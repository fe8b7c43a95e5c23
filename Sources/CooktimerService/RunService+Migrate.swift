import CooktimerStore

extension RunService {
  /// One table copied by ``copyEverything(to:)``: its name and how many rows went.
  public struct CopiedTable: Hashable, Sendable {
    public let table: String
    public let rows: Int
  }

  /// `cooktimer migrate --to URL`: every row of this service's SQLite database copied into
  /// the empty PostgreSQL database at `url`, whose schema is made first, in one transaction
  /// (docs/deploy.md). Returns the tables in copy order and the URL written to.
  ///
  /// - Throws: ``ServiceError/invalid(_:)`` unless `url` is a PostgreSQL URL and this
  ///   service is on an SQLite file; ``ServiceError/badData(_:)`` when the target holds any
  ///   row already (nothing is copied then); ``ServiceError/database(_:)`` when either
  ///   database fails.
  public func copyEverything(to url: String) throws(ServiceError) -> (
    tables: [CopiedTable], target: String
  ) {
    guard RunStore.isURL(url) else {
      throw .invalid("`migrate --to` takes a postgresql:// or postgres:// URL")
    }
    guard !RunStore.isURL(store.path) else {
      throw .invalid("`migrate` copies an SQLite file: give it with --db FILE")
    }
    let target = try ServiceError.storing { try RunStore.open(location: url) }
    if let table = try ServiceError.storing({ try target.firstTableWithRows() }) {
      throw .badData(
        "\(target.path): the target database is not empty (\(table) has rows); nothing was "
          + "copied: name an empty database")
    }
    return try ServiceError.storing {
      let counts = try store.copyEverything(into: target)
      return (counts.map { CopiedTable(table: $0.table, rows: $0.rows) }, target.path)
    }
  }
}
