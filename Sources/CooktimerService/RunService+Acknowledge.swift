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
    let now = now ?? clock.now()
    return try writing { tx in
      guard let run = try tx.run(id: given) ?? tx.run(id: given.lowercased()) else {
        throw ServiceError.noSuchRun(given)
      }
      return try tx.acknowledge(runID: run.id, at: max(now, run.lastChange))
    }
  }

  /// Up to when the alarms of the run `id` were acknowledged; `nil` if never.
  /// - Throws: ``ServiceError/noSuchRun(_:)``, ``ServiceError/database(_:)``.
  public func acknowledgedAt(_ id: String) throws(ServiceError) -> Instant? {
    try writing { tx in
      guard let run = try tx.run(id: id) ?? tx.run(id: id.lowercased()) else {
        throw ServiceError.noSuchRun(id)
      }
      return try tx.acknowledgedAt(runID: run.id)
    }
  }
}
