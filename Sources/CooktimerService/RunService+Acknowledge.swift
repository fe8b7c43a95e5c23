import CooktimerCore
import CooktimerStore

extension RunService {
  /// The cook has heard the alarm of the run named `given` (docs/api.md §1 `acknowledge`):
  /// every alarm that fired at or before `now` is silenced in every front end. Records
  /// nothing else; the run's state does not change. Returns the instant in force.
  ///
  /// - Throws: ``ServiceError/noSuchRun(_:)``, ``ServiceError/database(_:)``.
  @discardableResult
  public func acknowledge(_ given: String, at now: Instant? = nil) throws(ServiceError)
    -> Instant
  {
    try acknowledgeAlarms(of: given, at: now).through
  }

  /// ``acknowledge(_:at:)`` for the run named `given`, or the only active one when `nil`
  /// (`ok` at a one-shot prompt): the run read once, in one transaction. Returns its id and
  /// the instant in force.
  ///
  /// - Throws: ``ServiceError/noSuchRun(_:)``, ``ServiceError/noActiveRun``,
  ///   ``ServiceError/severalActiveRuns(_:)``, ``ServiceError/database(_:)``.
  public func acknowledgeAlarms(of given: String?, at now: Instant? = nil) throws(ServiceError)
    -> (runID: String, through: Instant)
  {
    let now = now ?? clock.now()
    return try writing { tx in
      let run = try select(given, tx: tx, at: now)
      return (run.id, try tx.acknowledge(runID: run.id, at: max(now, run.lastChange)))
    }
  }

  /// Up to when the alarms of the run `id` were acknowledged; `nil` if never.
  /// - Throws: ``ServiceError/noSuchRun(_:)``, ``ServiceError/database(_:)``.
  public func acknowledgedAt(_ id: String) throws(ServiceError) -> Instant? {
    try writing { tx in
      guard let run = try tx.run(named: id) else {
        throw ServiceError.noSuchRun(id)
      }
      return try tx.acknowledgedAt(runID: run.id)
    }
  }
}
