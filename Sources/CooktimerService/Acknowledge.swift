import CooktimerCore
import CooktimerStore

extension RunService {
  /// The cook has heard the alarm of the run named `given` (docs/api.md §1 `acknowledge`):
  /// every alarm that fired at or before `now` is silenced in every front end. Records
  /// nothing else; the run's state does not change. Returns the instant in force.
  ///
  /// - Throws: ``ServiceError/noSuchRun(_:)``.
  @discardableResult
  public func acknowledge(_ given: String, at now: Instant? = nil) throws -> Instant {
    let now = now ?? clock.now()
    return try store.transaction { tx in
      guard let run = try tx.run(named: given) else {
        throw ServiceError.noSuchRun(given)
      }
      return try tx.acknowledge(runID: run.id, at: max(now, run.lastChange))
    }
  }

  /// Up to when the alarms of the run `id` were acknowledged; `nil` if never.
  /// - Throws: ``ServiceError/noSuchRun(_:)``.
  public func acknowledgedAt(_ id: String) throws -> Instant? {
    try store.transaction { tx in
      guard let run = try tx.run(named: id) else {
        throw ServiceError.noSuchRun(id)
      }
      return try tx.acknowledgedAt(runID: run.id)
    }
  }
}
