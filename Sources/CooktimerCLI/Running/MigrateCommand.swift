import CooktimerService
import CooktimerStore

extension CommandContext {
  /// `migrate --to URL`: every row of the SQLite database (`--db`) copied into the empty
  /// PostgreSQL database at `url`, whose schema is made first; one line per table.
  /// - Throws: a usage error (64) unless `url` is a PostgreSQL URL and `--db` a file; the
  ///   store's errors (a non-empty target: nothing copied).
  func migrate(to url: String) throws -> Output {
    guard RunStore.isURL(url) else {
      throw CLIError.usage("`migrate --to` takes a postgresql:// or postgres:// URL")
    }
    let source = try store()
    guard !RunStore.isURL(source.path) else {
      throw CLIError.usage("`migrate` copies an SQLite file: give it with --db FILE")
    }
    let target = try RunStore.open(location: url)
    let counts = try source.copyEverything(into: target)
    if json {
      let document = Dictionary(uniqueKeysWithValues: counts.map { ($0.table, $0.rows) })
      return Output(stdout: encodeJSON(document) + "\n")
    }
    let lines = counts.map { "\($0.table): \($0.rows) row\($0.rows == 1 ? "" : "s")" }
    return Output(stdout: (lines + ["copied into \(target.path)"]).joined(separator: "\n") + "\n")
  }
}
