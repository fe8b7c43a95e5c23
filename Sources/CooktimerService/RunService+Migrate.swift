import CooktimerStore

extension RunService {
  /// One table copied by ``copyEverything(to:)``: its name and how many rows went.
  public struct CopiedTable: Hashable, Sendable {
    public let table: String
    public let rows: Int
  }

  /// The arguments of ``copyEverything(to:)`` checked before anything is opened, so a
  /// malformed `--to` is told as such even where `--db` names no database (docs/cli.md §5:
  /// usage before "no database").
  /// - Parameter source: the `--db` location (a file path or URL), `nil` when not known yet.
  /// - Throws: ``ServiceError/invalid(_:)`` unless `url` is a well-formed PostgreSQL URL
  ///   (``DatabaseLocation/problem(with:)``) and `source` is not a URL.
  public static func checkCopy(from source: String?, to url: String) throws(ServiceError) {
    guard RunStore.isURL(url) else {
      throw .invalid("`migrate --to` takes a postgresql:// or postgres:// URL")
    }
    if let problem = DatabaseLocation.problem(with: url) { throw .invalid(problem) }
    if let source, RunStore.isURL(source) {
      throw .invalid("`migrate` copies an SQLite file: give it with --db FILE")
    }
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
    try Self.checkCopy(from: store.path, to: url)
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
