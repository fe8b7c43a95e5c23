/// Errors of the command line itself; everything else comes from the module that failed.
public enum CLIError: Error, Equatable, Sendable {
  /// Bad usage (exit 64): unknown command or option, missing or extra argument.
  case usage(String)
  /// No such recipe or run (exit 66).
  case notFound(String)
  /// Bad data that is not a recipe or a run's refusal (exit 65).
  case badData(String)
  /// An I/O failure outside the store (exit 74).
  case io(String)
  /// No database file at this path yet, or no cooktimer schema in the PostgreSQL database
  /// at this URL (shown without its password) (exit 66); only a command that writes makes one.
  case noDatabase(String)
  /// A file that must not be replaced already exists (exit 73, `import` without `--force`).
  case cannotCreate(String)
  /// A shared library the command loads on first use is missing (exit 69, EX_UNAVAILABLE):
  /// libcurl for `import URL`.
  case unavailable(String)
}

extension CLIError {
  /// What ``noDatabase(_:)`` says, for the error and for `status`'s note: an SQLite path
  /// with no file, or a PostgreSQL URL whose schema has no table (nothing was created there).
  static func noDatabaseText(_ location: String) -> String {
    let what =
      location.lowercased().hasPrefix("postgres")
      ? "no cooktimer database at \(location) yet (its schema has no tables)"
      : "no database at \(location) yet"
    return what + "; `start RECIPE` makes it"
  }
}
