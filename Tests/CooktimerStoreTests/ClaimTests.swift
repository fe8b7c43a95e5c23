import CooktimerCore
import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerStore

/// Senders claiming pushes at once (issue 21, docs/delivery.md §5): each claim locks its own
/// pushes (PostgreSQL: `FOR UPDATE SKIP LOCKED` under the schema's shared lock; SQLite: its
/// one write lock), so no push is claimed twice and none is left out; a dead claimer's
/// pushes are taken over once its lease runs out, by the claimers' injected instants.
@Suite struct ClaimTests {
  /// 1,000 pending pushes of one run, queued in one transaction; their ids.
  private static func queue(_ count: Int, in store: RunStore) throws -> [Int64] {
    try store.insert(Fixture.run())
    return try store.transaction { tx in
      try (0..<count).map { _ in try tx.enqueue(Fixture.draft(), runID: "a3f") }
    }
  }

  @Test(arguments: StoreKind.shared)
  func fourClaimersAtOnceClaimEveryPushOnce(_ kind: StoreKind) throws {
    try kind.withShared { open in
      let queued = try Self.queue(1_000, in: try open())
      let claimers = try (0..<4).map { _ in try open() }
      let claims = Claims()
      let finished = DispatchGroup()
      for n in 0..<4 {
        finished.enter()
        Thread.detachNewThread {
          defer { finished.leave() }
          do {
            // Small claims, so the four interleave; until a claim finds nothing left. Each
            // claim under an owner of its own: a claimer's own lease would let it claim its
            // pushes again (a sender restarted under the same owner resumes them).
            for round in 0... {
              let ids = try claimers[n].runTransaction { tx in
                try tx.claimPushes(
                  at: t0, owner: "claimer-\(n)-\(round)", until: t0 + 90_000, limit: 25)
              }
              if ids.isEmpty { break }
              claims.add(ids, by: "claimer-\(n)-\(round)")
            }
          } catch {
            claims.fail(error)
          }
        }
      }
      #expect(finished.wait(timeout: .now() + 120) == .success)
      #expect(claims.error == nil)
      #expect(claims.all.count == 1_000)
      #expect(Set(claims.all) == Set(queued))
      // Each push stays leased (none ended or lost), to the claimers that returned them.
      #expect(try claimers[0].read { try $0.pendingPushes(limit: 2_000).count } == 1_000)
      #expect(try claimers[0].read { try $0.leaseOwners() }.sorted() == claims.claimers.sorted())
    }
  }

  @Test(arguments: StoreKind.shared)
  func aDeadClaimersPushesAreTakenOverOnlyWhenItsLeaseRunsOut(_ kind: StoreKind) throws {
    try kind.withShared { open in
      let (dead, live) = (try open(), try open())
      let queued = try Self.queue(6, in: dead)
      let first = try dead.runTransaction { tx in
        try tx.claimPushes(at: t0, owner: "sender-dead", until: t0 + 90_000, limit: 4)
      }
      #expect(first == Array(queued[0..<4]))
      // While the lease runs the live claimer gets only the two nobody holds…
      let before = try live.runTransaction { tx in
        try tx.claimPushes(at: t0 + 89_999, owner: "sender-live", until: t0 + 179_999)
      }
      #expect(before == Array(queued[4..<6]))
      // A third sender finds nothing to claim by a read while both leases run, and the
      // dead one's pushes once its lease has run out.
      #expect(try live.read { try $0.hasClaimablePushes(at: t0 + 89_999, owner: "third") } == false)
      #expect(try live.read { try $0.hasClaimablePushes(at: t0 + 90_000, owner: "third") })
      // …and the dead claimer's four once it has run out, told as taken over, as are the
      // live claimer's own two it never finished (a round cut off before its answers were
      // recorded: each may have gone).
      let after = try live.runTransaction { tx in
        let claimable = try tx.lockClaimablePushes(at: t0 + 90_000, owner: "sender-live")
        return (claimable.mine, claimable.takenOver)
      }
      #expect(after.0 == Set(queued))
      #expect(after.1 == Set(queued))
      #expect(
        try live.runTransaction { tx in
          try tx.claimPushes(at: t0 + 90_000, owner: "sender-live", until: t0 + 180_000)
        } == queued)
      #expect(
        try dead.runTransaction { tx in
          try tx.claimPushes(at: t0 + 90_001, owner: "sender-dead", until: t0 + 180_001)
        } == [])
    }
  }

  @Test(arguments: StoreKind.shared)
  func pushesWaitingOnABackoffDoNotCrowdOutTheOnesThatMayGo(_ kind: StoreKind) throws {
    try kind.withShared { open in
      let store = try open()
      let queued = try Self.queue(3, in: store)
      try store.transaction { tx in
        for id in queued[0..<2] {
          try tx.retryPush(id, at: t0 + 60_000, attempts: 1, reason: "429")
        }
      }
      let claimed = try store.runTransaction { tx in
        try tx.claimPushes(at: t0, owner: "sender", until: t0 + 90_000, limit: 1)
      }
      #expect(claimed == [queued[2]])
      // With room, the waiting ones are locked too (not leased: their backoff runs).
      let all = try store.runTransaction { tx in
        try tx.lockClaimablePushes(at: t0, owner: "other", limit: 10).mine
      }
      #expect(all == Set(queued[0..<2]))
    }
  }

  /// PostgreSQL: a claim holding its pushes (its transaction open) neither makes another
  /// claim wait nor shares a push with it.
  @Test func aSecondClaimSkipsTheFirstsLockedPushesWithoutWaiting() throws {
    try StoreKind.postgresql.withShared { open in
      let (a, b) = (try open(), try open())
      let queued = try Self.queue(10, in: a)
      let second = Claims()
      try a.runTransaction { tx in
        let mine = try tx.lockClaimablePushes(at: t0, owner: "sender-a", limit: 4).mine
        #expect(mine == Set(queued[0..<4]))
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
          do {
            second.add(
              try b.runTransaction { tx in
                try tx.claimPushes(at: t0, owner: "sender-b", until: t0 + 90_000)
              }, by: "sender-b")
          } catch {
            second.fail(error)
          }
          done.signal()
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
      }
      #expect(second.error == nil)
      #expect(second.all == Array(queued[4..<10]))
    }
  }
}

/// What concurrent claimers returned, in order, and the first error.
private final class Claims: @unchecked Sendable {
  private let lock = NSLock()
  private var ids: [Int64] = []
  private var owners: Set<String> = []
  private var first: (any Error)?

  var all: [Int64] { lock.withLock { ids } }
  var claimers: [String] { lock.withLock { Array(owners) } }
  var error: (any Error)? { lock.withLock { first } }
  func add(_ claimed: [Int64], by owner: String) {
    lock.withLock {
      ids += claimed
      owners.insert(owner)
    }
  }
  func fail(_ error: any Error) { lock.withLock { first = first ?? error } }
}
