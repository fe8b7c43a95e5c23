import CooktimerService

extension CommandContext {
  /// `migrate --to URL`: the SQLite database (`--db`) copied into the empty PostgreSQL
  /// database at `url` (``RunService/copyEverything(to:)``); one line per table.
  /// - Throws: the service's errors (a usage error, 64, for a URL or file of the wrong kind;
  ///   a non-empty target: nothing copied).
  func migrate(to url: String) throws -> Output {
    // The arguments first: a malformed URL is a usage error (64) even with no database yet.
    try RunService.checkCopy(
      from: DatabaseLocation.resolve(option: options.database, environment: session.environment),
      to: url)
    let copied = try service().copyEverything(to: url)
    if json {
      let document = Dictionary(uniqueKeysWithValues: copied.tables.map { ($0.table, $0.rows) })
      return Output(stdout: encodeJSON(document) + "\n")
    }
    let lines = copied.tables.map { "\($0.table): \($0.rows) row\($0.rows == 1 ? "" : "s")" }
    return Output(stdout: (lines + ["copied into \(copied.target)"]).joined(separator: "\n") + "\n")
  }
}
