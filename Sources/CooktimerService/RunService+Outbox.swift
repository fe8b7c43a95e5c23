import CooktimerCore
import CooktimerStore

/// The outbox as `cooktimer outbox` shows it to a sender of its own (docs/delivery.md §2).
extension RunService {
  /// Marks the pending pushes `ids` sent at `now` (idempotent: a push sent already, or an
  /// id that names none, is not counted); returns how many were newly marked.
  /// - Throws: ``ServiceError/database(_:)``.
  @discardableResult
  public func markSent(_ ids: [Int64], at now: Instant? = nil) throws(ServiceError) -> Int {
    let now = now ?? clock.now()
    return try ServiceError.storing {
      try store.transaction { tx in try tx.markSent(ids: ids, at: now) }
    }
  }

  /// How many pushes are pending after the outbox id `id` (what a page of
  /// ``pendingPushes(at:limit:after:)`` left out).
  /// - Throws: ``ServiceError/database(_:)``.
  public func pendingCount(after id: Int64 = 0) throws(ServiceError) -> Int {
    try ServiceError.storing { try store.pendingCount(after: id) }
  }
}
