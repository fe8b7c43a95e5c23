import CooktimerCore
import CooktimerTestSupport
import Testing

@testable import CooktimerStore

/// `soonestRunning(limit:)`: the head of the device's running order (docs/live-activity.md
/// §3.7) — active runs with a live activity and a running timer, by that timer's end, then
/// id — on every engine.
@Suite("running order")
struct RunningOrderTests {
  @Test(arguments: StoreKind.allCases)
  func runningRunsWithALiveActivityBySoonestEnd(_ kind: StoreKind) throws {
    try kind.with { store in
      let order = try store.transaction { tx in
        try tx.insert(Fixture.run(id: "late", dueAt: t0 + 900_000))
        try tx.insert(Fixture.run(id: "soon", dueAt: t0 + 300_000))
        try tx.insert(Fixture.run(id: "tie-b", dueAt: t0 + 600_000))
        try tx.insert(Fixture.run(id: "tie-a", dueAt: t0 + 600_000))
        try tx.insert(Fixture.run(id: "paused", paused: true))  // no running timer counts
        try tx.insert(Fixture.run(id: "ended", status: .finished(at: t0 + 9)))
        try tx.insert(Fixture.run(id: "abandoned", dueAt: t0 + 100_000))
        try tx.setActivityRecord(
          ActivityRecord(number: 1, startedAt: t0, isAlive: false), runID: "abandoned")
        return try tx.soonestRunning(limit: 3)
      }
      #expect(order.map(\.runID) == ["soon", "tie-a", "tie-b"])
      #expect(order.map(\.nextDue) == [t0 + 300_000, t0 + 600_000, t0 + 600_000])
    }
  }
}
