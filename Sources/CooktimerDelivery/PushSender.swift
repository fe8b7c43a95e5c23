import CooktimerAPNs
import CooktimerActivity
import CooktimerCore
import CooktimerService
import CooktimerStore
import Foundation

/// Delivers the outbox to APNs (docs/delivery.md): settles the runs itself so a timer's
/// push goes out at the timer's end even when nothing else runs, sends each push to its
/// tokens over one HTTP/2 connection per APNs host with one provider token reused for
/// 20–60 minutes, classifies each answer by the one table (``APNsOutcome``), retries with
/// backoff until the push expires, and logs every attempt.
///
/// Durable: every state moves in a store transaction before or after its request, never
/// held only in memory; a lease in the database keeps two senders off one push. Not
/// thread-safe: one sender per thread (its connections are one each).
public final class PushSender {
  let service: RunService
  let topic: String
  let owner: String
  let log: (String) -> Void
  var tokens: APNsTokenCache
  let connect: (Bool) throws(APNsError) -> any APNsTransport
  var connections: [Bool: any APNsTransport] = [:]
  let backoff = APNsBackoff()
  var random = SystemRandomNumberGenerator()
  /// How long a claimed push stays leased to this sender, in milliseconds. A request may
  /// take 30 s (the connection's timeout), so a push is only started with at least
  /// ``leaseKeep`` left: two such requests (two tokens, or a retry on a fresh provider
  /// token) still end inside the lease, and no second sender takes the push meanwhile.
  static let leaseLength: Int64 = 90_000
  /// The least lease left when a batch is started or a wave of answers recorded; below it
  /// the round's leases are renewed.
  static let leaseKeep: Int64 = 60_000
  /// Pushes sent as one batch: several times ``APNsConnection/maxStreams``, so the
  /// connection's streams stay busy while a wave of answers is recorded, and few enough
  /// that a batch of stalled requests (30 s each) ends well inside a lease.
  static let batchSize = 400
  /// Pushes locked by one claim: one batch. A round claims no more than it sends next, so
  /// a second sender claims the next batch meanwhile instead of finding the first holding
  /// the whole queue (issue 21: with claims of 2,000, two senders were slower than one).
  static let claimSize = batchSize
  /// The pushes claimed this round and when their lease ends.
  var leased: (ids: [Int64], until: Instant) = ([], Instant(unixMilliseconds: 0))
  /// Set when this round queued a backup alert: it goes in a second pass of the round.
  var backupsQueued = false
  /// Priority 10 for the cook's echoes only within this many per device token per hour.
  public var priorityBudget = PriorityBudget.from(environment: ProcessInfo.processInfo.environment)

  /// - Parameters:
  ///   - topic: the app's bundle id (`apns-topic` gets `.push-type.liveactivity`).
  ///   - connect: opens the connection for sandbox (`true`) or production tokens.
  ///   - log: one line per failure (push, token's first 8 digits, reason).
  public init(
    service: RunService, topic: String, tokens: APNsTokenCache,
    connect: @escaping (Bool) throws(APNsError) -> any APNsTransport,
    owner: String = SenderIdentity.current, log: @escaping (String) -> Void = { _ in }
  ) {
    self.service = service
    self.topic = topic
    self.tokens = tokens
    self.connect = connect
    self.owner = owner
    self.log = log
  }

  /// One round at `now`: records what fired, claims what is due, sends it in batches of
  /// ``batchSize`` pushes (each batch's requests side by side on the connection).
  ///
  /// - Parameter stop: checked before each request starts: once it says so, the requests in
  ///   flight are answered and recorded, and the pushes not sent are released.
  /// - Returns: how many (push, token) sends APNs answered 200.
  /// - Throws: ``DeliveryError/configuration(_:)`` when APNs refuses the provider token or
  ///   settings (403 InvalidProviderToken, …): the pushes stay pending.
  @discardableResult
  public func deliverDue(at now: Instant, stop: () -> Bool = { false }) throws -> Int {
    backupsQueued = false
    // What fired is claimed in the catch-up's own transaction: its lease is durable with
    // the catch-up's commit, so a timer's push waits for one `fdatasync` before its request,
    // not two (issue 20: each is 2–45 ms on a busy disk). `nil`: nothing was due.
    var first = try service.catchUpDue(through: now) { tx in try claim(in: tx, at: now) }
    var sent = 0
    // Claim after claim while each comes back full: the queue holds more than one claim.
    while true {
      let (answered, full) = try deliverClaimed(first ?? claim(at: now), at: now, stop: stop)
      first = nil
      sent += answered
      if !full || stop() { break }
    }
    // A backup alert queued by this round goes now, not at the next wake.
    if backupsQueued && !stop() {
      sent += try deliverClaimed(claim(at: now), at: now, stop: stop).sent
    }
    return sent
  }

  /// One claim's sending: the sends answered 200, and whether the claim was full.
  private func deliverClaimed(
    _ claim: (pushes: [ClaimedPush], full: Bool), at now: Instant, stop: () -> Bool
  ) throws -> (sent: Int, full: Bool) {
    let (claimed, full) = claim
    leased = (claimed.map(\.id), now + Self.leaseLength)
    var sent = 0
    var start = 0
    while start < claimed.count {
      let end = min(start + Self.batchSize, claimed.count)
      do {
        if !stop() {
          // A transaction only when the leases need it: an empty one would still commit
          // and notify every listener (other senders, servers' watchers) for nothing.
          let held =
            leased.until - service.clock.now() < Self.leaseKeep
            ? try service.store.runTransaction { tx in try renewLeasesIfShort(tx) }
            : Set(leased.ids)
          sent += try send(
            claimed[start..<end].filter { held.contains($0.id) }, at: now, stop: stop)
        }
        if stop() {
          // This batch's pushes not started, and the rest of the round, go back.
          try release(claimed[start...].map(\.id))
          break
        }
      } catch {
        // Releasing an ended push changes nothing: only the ones left pending go back. But
        // this batch's requests may have gone with their answers unrecorded (the database
        // went away while recording them): its leases stay, so the push goes again only as
        // the very request it was (``ClaimablePushes/takenOver``). Released, another sender
        // rendered it anew under the same apns-id (the fault test: a PostgreSQL restart,
        // then one apns-id with two bodies). A configuration error recorded every answer.
        let kept = error is DeliveryError ? start : end
        try release(claimed[kept...].map(\.id))
        throw error
      }
      start = end
    }
    // A full claim of which nothing went (every push waiting on a backoff) is no reason to
    // claim again at once.
    return (sent, full && !claimed.isEmpty)
  }

  /// Releases this sender's leases on `ids`: its own rows only, so no schema-wide lock.
  private func release(_ ids: [Int64]) throws {
    try service.store.runTransaction { tx in try tx.releasePushes(ids, owner: owner) }
  }

  /// Renews the round's leases with the rest of the round's when less than ``leaseKeep`` is
  /// left (a long round, slow answers), and returns the pushes still leased to this sender:
  /// a lease that ran out and went to another sender is theirs.
  func renewLeasesIfShort(_ tx: StoreTransaction) throws -> Set<Int64> {
    let now = service.clock.now()
    if leased.until - now < Self.leaseKeep {
      let until = now + Self.leaseLength
      let held = try tx.renewLeases(leased.ids, owner: owner, until: until)
      leased = (leased.ids.filter(held.contains), until)
    }
    return Set(leased.ids)
  }
}
