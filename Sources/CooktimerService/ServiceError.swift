import CooktimerActivity
import CooktimerCore

/// What the application layer refuses, as facts; each front end words them and maps them to
/// an exit status or HTTP status in its one place. Every public throwing function of the
/// service throws only this (`throws(ServiceError)`): the store's errors leave it as
/// ``database(_:)`` (or ``noSuchRun(_:)``), so no front end needs the store's type; the
/// core's as ``core(_:)``, the wire formats' as ``activity(_:)``.
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
  /// No valid API key has this name (never made, or revoked already).
  case noSuchAPIKey(String)
  /// The database failed: damaged, busy past its timeout, unwritable (``DatabaseFailure``).
  case database(DatabaseFailure)
  /// The engine refused the change in the run's state (`CoreError.refused`: nothing was
  /// written), or a duration, clock time or recipe did not read.
  case core(CoreError)
  /// A Live Activity push could not be built (`ActivityError.tooLarge`: no body fits
  /// 4096 bytes); nothing was written.
  case activity(ActivityError)
}
