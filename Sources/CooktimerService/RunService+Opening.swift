import CooktimerCore
import CooktimerPostgreSQL
import CooktimerStore
import Foundation

extension RunService {
  /// The service on the database at `path`: an SQLite file, made (with its folder) when
  /// missing, or a `postgresql://…` URL; migrated to this version's schema.
  ///
  /// - Throws: ``ServiceError/invalid(_:)`` for a malformed PostgreSQL URL (nothing is
  ///   connected to, ``DatabaseLocation/problem(with:)``); ``ServiceError/database(_:)``
  ///   when the file cannot be opened or is not a cooktimer database.
  public convenience init(
    path: String, clock: any Clock = SystemClock(), zone: TimeZone = .current,
    settings: PushSettings = PushSettings()
  ) throws(ServiceError) {
    if let problem = DatabaseLocation.problem(with: path) { throw .invalid(problem) }
    let store = try ServiceError.storing { try RunStore.open(location: path) }
    self.init(store: store, clock: clock, zone: zone, settings: settings)
  }

  /// The service on the cooktimer database at `path` if there is one, `nil` when there is
  /// none yet (no file; a PostgreSQL database with no table in its schema): a command that
  /// only reads creates nothing (docs/cli.md §1.1).
  /// - Throws: as ``init(path:clock:zone:settings:)``.
  public static func existing(
    at path: String, clock: any Clock = SystemClock(), zone: TimeZone = .current,
    settings: PushSettings = PushSettings()
  ) throws(ServiceError) -> RunService? {
    if let problem = DatabaseLocation.problem(with: path) { throw .invalid(problem) }
    guard let store = try ServiceError.storing({ try RunStore.openExisting(location: path) })
    else { return nil }
    return RunService(store: store, clock: clock, zone: zone, settings: settings)
  }
}

/// Where cooktimer keeps its files (docs/cli.md §1.2), for front ends that open a service.
public enum DatabaseLocation {
  /// `--db`, else `$COOKTIMER_DB`, else the data folder's `cooktimer.sqlite3`; `nil` when no
  /// `HOME` is set.
  public static func resolve(option: String?, environment: [String: String]) -> String? {
    DatabasePath.resolve(option: option, environment: environment)
  }

  /// Whether `location` is a database server's URL (`postgresql://…`), not a file.
  public static func isURL(_ location: String) -> Bool { RunStore.isURL(location) }

  /// What is wrong with `location` as a PostgreSQL URL, in one line without its password,
  /// found without connecting; `nil` for a file path or a URL libpq reads
  /// (``PostgreSQLEngine/problem(inURL:)``).
  public static func problem(with location: String) -> String? {
    isURL(location) ? PostgreSQLEngine.problem(inURL: location) : nil
  }

  /// `location` as messages show it: a URL without its password.
  public static func shown(_ location: String) -> String {
    isURL(location) ? PostgreSQLEngine.withoutPassword(location) : location
  }

  /// `$XDG_DATA_HOME/cooktimer`, else `$HOME/.local/share/cooktimer`; `nil` with neither.
  public static func dataFolder(environment: [String: String]) -> String? {
    DatabasePath.dataFolder(environment: environment)
  }
}
