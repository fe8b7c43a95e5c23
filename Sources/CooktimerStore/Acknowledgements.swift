import CooktimerCore

extension StoreTransaction {
  /// Records that the cook heard the run's alarms up to `instant` (docs/api.md §1
  /// `acknowledge`): every front end silences alarms that fired at or before it. Never moves
  /// back. Returns the instant in force afterwards.
  /// - Throws: `.noSuchRun` if the run is not stored.
  @discardableResult
  public func acknowledge(runID: String, at instant: Instant) throws(StoreError) -> Instant {
    let current = try acknowledgedAt(runID: runID)
    if let current, current >= instant { return current }
    try db.run(
      "UPDATE runs SET acknowledged_ms = ? WHERE id = ?", [.instant(instant), .text(runID)])
    try recordChange(.acknowledged, runID: runID, at: instant)
    return instant
  }

  /// Up to when the run's alarms were acknowledged; `nil` if never.
  /// - Throws: `.noSuchRun` if the run is not stored.
  public func acknowledgedAt(runID: String) throws(StoreError) -> Instant? {
    guard
      let row = try db.first(
        "SELECT acknowledged_ms FROM runs WHERE id = ?", [.text(runID)],
        { $0.optionalInstant(0) })
    else { throw noSuchRun(runID) }
    return row
  }
}
