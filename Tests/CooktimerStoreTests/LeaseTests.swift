import CooktimerCore
import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerStore

/// A sender's lease on a push (docs/delivery.md §5) keeps other senders off it until it runs
/// out, by the senders' clocks (the instants are given), on both engines.
@Suite struct LeaseTests {
  @Test(arguments: StoreKind.shared)
  func aDeadSendersLeaseIsTakenOverOnceItRunsOut(_ kind: StoreKind) throws {
    try kind.withShared { open in
      let (dead, live) = (try open(), try open())
      try dead.insert(Fixture.run())
      let id = try dead.enqueue(Fixture.draft(), runID: "a3f")
      func claim(_ store: RunStore, _ owner: String, at now: Instant) throws -> [Int64] {
        try store.transaction { tx in
          let ids = try tx.sendablePushes(at: now, owner: owner).map(\.entry.id)
          try tx.lease(ids, owner: owner, until: now + 90_000)
          return ids
        }
      }
      #expect(try claim(dead, "sender-dead", at: t0) == [id])
      // The claimer dies holding it: nobody else may send it while the lease runs…
      #expect(try claim(live, "sender-live", at: t0 + 89_999) == [])
      // …and the first look after it ran out takes it over, for a lease of its own.
      #expect(try claim(live, "sender-live", at: t0 + 90_000) == [id])
      #expect(try claim(dead, "sender-dead", at: t0 + 90_001) == [])
    }
  }
}
