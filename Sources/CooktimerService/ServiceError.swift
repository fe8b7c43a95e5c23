/// What the application layer refuses, as facts; each front end words them and maps them to
/// an exit status or HTTP status in its one place. Errors of the core (`CoreError`), the
/// store (`StoreError`) and the wire formats (`ActivityError`) pass through unchanged.
public enum ServiceError: Error, Hashable, Sendable {
  /// No run has this id.
  case noSuchRun(String)
  /// A command named no run and none is active.
  case noActiveRun
  /// A command named no run and several are active (their ids, oldest first).
  case severalActiveRuns([String])
  /// The run has no timer with this number (1-based) or name.
  case noSuchTimer(run: String, timer: String)
  /// A value the use case cannot take (e.g. a bad clock offset); the message says which.
  case invalid(String)
  /// Data from outside that cannot be kept as given (a control character in a device
  /// name); nothing was stored. The message says what and where.
  case badData(String)
  /// The database failed (``StorageFailure``); the message names the file and what to do.
  case storage(StorageFailure, String)
}
