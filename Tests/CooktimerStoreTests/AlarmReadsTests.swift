import CooktimerCore
import CooktimerTestSupport
import Testing

@testable import CooktimerStore

/// The REPL's start-up reads (``RunStore`` `+AlarmReads`): only the runs that can ring or
/// have an alarm not yet told are read, whatever the number of runs waiting for the cook.
@Suite("alarm reads")
struct AlarmReadsTests {
  /// A run waiting for the cook: its first timer fired at `t0 + 1`, nothing running.
  static func waiting(_ id: String) -> Run {
    var run = Fixture.run(id: id)
    run.timers[0].state = .fired(at: t0 + 1)
    run.timers[1].state = .waiting
    return run
  }

  @Test(arguments: StoreKind.allCases)
  func onlyRunsWithAnUntoldAlarmAreCaughtUp(_ kind: StoreKind) throws {
    try kind.with { store in
      try store.transaction { tx in
        try tx.insert(Fixture.run(id: "due", dueAt: t0 + 300_000))  // ends before `now`
        try tx.insert(Fixture.run(id: "later", dueAt: t0 + 900_000))  // ends after `now`
        try tx.insert(Self.waiting("told"))  // its last change (t0 + 9) is behind the watermark
        try tx.insert(Self.waiting("changed"))  // changed after its watermark
        try tx.insert(Self.waiting("never"))  // no REPL told it anything yet
        try tx.insert(Fixture.run(id: "ended", status: .finished(at: t0 + 9)))
        for id in ["due", "later", "told"] {
          _ = try tx.advanceAlarmWatermark(runID: id, through: t0 + 100)
        }
        _ = try tx.advanceAlarmWatermark(runID: "changed", through: t0 + 5)
      }
      let now = t0 + 600_000
      #expect(try store.activeRunsToCatchUp(through: now).map(\.id) == ["changed", "due", "never"])
      #expect(try store.activeRunsWithTimersDue().map(\.id) == ["due", "later"])
      #expect(try store.activeRunCount() == 5)
      #expect(try store.activeRunIDs() == ["changed", "due", "later", "never", "told"])
      #expect(try store.activeRuns(limit: 2).map(\.id) == ["changed", "due"])
      let named = try store.transaction { tx in
        try tx.activeRuns(ids: ["told", "ended", "no-such", "due", "it's \"quoted\""])
      }
      #expect(named.map(\.id) == ["due", "told"])
      #expect(try store.transaction { tx in try tx.activeRuns(ids: []) }.isEmpty)
    }
  }
}
