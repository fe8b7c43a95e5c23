import CooktimerCore

@testable import CooktimerStore

extension StoreTransaction {
  /// Locks what ``lockClaimablePushes(at:owner:gone:limit:)`` finds and leases to `owner`
  /// until `until` those past their backoff: the claim of a sender that chooses nothing
  /// (the tests of the lock alone). Their ids, oldest first.
  func claimPushes(at now: Instant, owner: String, until: Instant, limit: Int = 2000)
    throws(StoreError) -> [Int64]
  {
    let claimable = try lockClaimablePushes(at: now, owner: owner, limit: limit)
    let ids = claimable.pending.filter {
      claimable.mine.contains($0.entry.id) && ($0.nextAttemptAt.map { $0 <= now } ?? true)
    }.map(\.entry.id)
    try lease(ids, owner: owner, until: until)
    return ids
  }

}
