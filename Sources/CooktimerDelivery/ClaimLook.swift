import CooktimerActivity
import CooktimerCore
import CooktimerService
import CooktimerStore

extension PushSender {
  /// Whether ``claim(in:at:)`` would write anything at `now`: end, supersede, lease, send or
  /// close a push, or queue a backup alert. Read in a read transaction before the claim's
  /// write transaction, so a round with nothing to send commits nothing (docs/deploy.md §6:
  /// "a round with nothing to claim only reads"). A push with no token yet, or one waiting
  /// on its backoff, gives a claim nothing to do: counting it (as any unleased pending push
  /// was counted) made a PostgreSQL sender commit ~36 empty claims a second, each of whose
  /// `NOTIFY`s woke it and every other listener again, until the push expired (tester's
  /// report, issue 21).
  ///
  /// The same decisions as the claim, in its order, without its writes. Where the two ever
  /// disagree, the claim that finds nothing to write rolls back (``claim(at:)``): a spare
  /// look, never a commit.
  func wouldClaim(_ tx: StoreTransaction, at now: Instant, gone: [String]) throws -> Bool {
    let claimable = try tx.lockClaimablePushes(
      at: now, owner: owner, gone: gone, limit: Self.claimSize, locking: false)
    let mine = claimable.mine
    guard !mine.isEmpty else { return false }
    // A lease of another (gone, or run out) or of an unfinished round of its own: the claim
    // takes it over or gives it back, a write.
    if !claimable.takenOver.isEmpty { return true }
    let pending = claimable.pending.map { ClaimedPush($0) }
    var newest: [String: Int64] = [:]
    for push in pending where push.isSupersedable { newest[push.group] = push.id }
    var lives = LiveActivities()
    var deviceTokens: [PushToken]?
    let sendsByPush = try tx.sends(pushIDs: mine)
    let nowSeconds = now.unixMilliseconds / 1000
    for push in pending where mine.contains(push.id) {
      // It expires, or a newer update of its activity supersedes it.
      if push.expiration < nowSeconds { return true }
      if push.isSupersedable, newest[push.group] != push.id { return true }
      let runID = push.queued.entry.runID
      if push.isSupersedable, push.payload?.cause == .activityRetired {
        // Waits for its successor's start; dropped (a write) once that start is refused.
        let old = push.queued.entry.draft.activity
        switch try lives.start(runID, old + 1, tx)?.state {
        case .pending?: continue
        case .failed?, .expired?, .superseded?: return true
        case .sent?, nil: break
        }
      }
      let address = try lives.address(push, tx)
      // Its backoff has not run out: not yet.
      guard push.queued.nextAttemptAt.map({ $0 <= now }) ?? true else { continue }
      let sends = sendsByPush[push.id] ?? []
      // A send waiting for its answer goes; every token answered: the claim closes it.
      if !sends.isEmpty { return true }
      let tokens: [PushToken]
      if push.isStart {
        tokens = try tx.pushToStartTokens()
      } else if push.isAlert {
        deviceTokens = try deviceTokens ?? tx.deviceTokens()
        tokens = deviceTokens ?? []
      } else {
        tokens = try tx.activityTokens(runID: runID, activity: address.activity)
      }
      if !tokens.isEmpty { return true }
      // No token: a fire still reaches the cook as a backup alert to the device tokens
      // (``BackupAlert/queue(for:runID:at:apnsID:tx:)``, which then silences the push).
      if push.isSupersedable, push.payload?.carriesFire == true {
        deviceTokens = try deviceTokens ?? tx.deviceTokens()
        if !(deviceTokens ?? []).isEmpty { return true }
      }
    }
    return false
  }
}
