import CooktimerCore
import CooktimerStore

/// A run whose alarms after ``toldThrough`` were never told to a cook: the REPL reports
/// them as missed once (its watermark has moved past them when this is returned).
public struct UntoldAlarms: Sendable {
  /// The run as stored (not settled).
  public var run: Run
  /// Up to when its alarms had been told; `nil` when never (then from its start).
  public var toldThrough: Instant?
}

/// The alarm state the REPL and `watch` keep (docs/cli.md §2): which runs can ring, which
/// have alarms nobody was told of, how many are active, and whether another process changed
/// anything. Reads here decode only the runs they return (the store's alarm indexes), so a
/// REPL with 50,000 waiting runs starts without reading them.
extension RunService {
  /// Takes the alarms up to `now` that no front end has told yet: moves the alarm
  /// watermark of every run that may have some (a timer due, a change since its watermark)
  /// to `now`, all in one transaction, and returns the runs it moved with where each was.
  /// A run another REPL reported first is left out (exactly one process gets each range);
  /// nothing is written when no run has anything untold.
  ///
  /// - Throws: ``ServiceError/database(_:)``.
  public func takeUntoldAlarms(through now: Instant) throws(ServiceError) -> [UntoldAlarms] {
    try ServiceError.storing {
      let candidates = try store.activeRunsToCatchUp(through: now)
      guard !candidates.isEmpty else { return [] }
      return try store.transaction { tx in
        try candidates.compactMap { run in
          guard
            case .advanced(let previous) = try tx.advanceAlarmWatermark(
              runID: run.id, through: now)
          else { return nil }
          return UntoldAlarms(run: run, toldThrough: previous)
        }
      }
    }
  }

  /// How many runs are running, paused or waiting, without reading them.
  /// - Throws: ``ServiceError/database(_:)``.
  public func activeRunCount() throws(ServiceError) -> Int {
    try ServiceError.storing { try store.activeRunCount() }
  }

  /// The first `limit` active runs as stored, oldest first (the REPL's greeting).
  /// - Throws: ``ServiceError/database(_:)``.
  public func activeRuns(first limit: Int) throws(ServiceError) -> [Run] {
    try ServiceError.storing { try store.activeRuns(limit: limit) }
  }

  /// Every active run as stored, oldest first (`watch` settles them each second).
  /// - Throws: ``ServiceError/database(_:)``.
  public func activeRunsAsStored() throws(ServiceError) -> [Run] {
    try ServiceError.storing { try store.activeRuns() }
  }

  /// The active runs' ids, oldest first (tab completion).
  /// - Throws: ``ServiceError/database(_:)``.
  public func activeRunIDs() throws(ServiceError) -> [String] {
    try ServiceError.storing { try store.activeRunIDs() }
  }

  /// The active runs with a running timer, as stored: the only ones that can ring without
  /// another change first.
  /// - Throws: ``ServiceError/database(_:)``.
  public func runsThatCanRing() throws(ServiceError) -> [Run] {
    try ServiceError.storing { try store.activeRunsWithTimersDue() }
  }

  /// The runs among `ids` still active, as stored, each with its acknowledgement
  /// (``Run/acknowledgedUntil``): what the REPL reminds of.
  /// - Throws: ``ServiceError/database(_:)``.
  public func activeRuns(ids: Set<String>) throws(ServiceError) -> [Run] {
    try ServiceError.storing { try store.read { tx in try tx.activeRuns(ids: ids) } }
  }

  /// A number that changes whenever any process commits to the database (SQLite's
  /// `data_version`): the REPL polls it each second and reads runs again only on a change.
  /// - Throws: ``ServiceError/database(_:)``.
  public func changeVersion() throws(ServiceError) -> Int64 {
    try ServiceError.storing { try store.dataVersion() }
  }
}
