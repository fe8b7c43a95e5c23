import CooktimerCore
import CooktimerTestSupport
import Testing

@testable import CooktimerStore

@Suite struct RoundTripTests {
  @Test(arguments: StoreKind.allCases)
  func runWithEveryTimerStateAndStatus(_ kind: StoreKind) throws {
    try kind.with { store in
      let runs = [
        Fixture.run(id: "r1"),
        Fixture.run(id: "r2", paused: true),
        Fixture.run(id: "r3", status: .finished(at: t0 + 10)),
        Fixture.run(id: "r4", status: .stopped(at: t0 + 11)),
      ]
      for run in runs { try store.insert(run) }
      for run in runs { #expect(try store.run(id: run.id) == run) }
      #expect(try store.run(id: "nope") == nil)
      #expect(try store.activeRuns().map(\.id) == ["r1", "r2"])
      #expect(try store.runs(limit: 10).count == 4)
      // The due date is derived from the run: a paused run and ended runs have none.
      #expect(try store.dueRuns(atOrBefore: t0 + 360_000).map(\.id) == ["r1"])
    }
  }

  @Test(arguments: StoreKind.allCases)
  func eventsKeepOrderAndOptionalFields(_ kind: StoreKind) throws {
    try kind.with { store in
      try store.insert(Fixture.run(), events: Array(Fixture.events.prefix(2)))
      try store.update(runID: "a3f") { run, _ in
        run.lastChange = t0 + 360_000
        return StoreChange(events: Array(Fixture.events.dropFirst(2)))
      }
      #expect(try store.events(runID: "a3f") == Fixture.events)
      #expect(try store.events(runID: "other") == [])
    }
  }

  @Test(arguments: StoreKind.allCases)
  func outboxPendingInOrderAndMarkSentIsIdempotent(_ kind: StoreKind) throws {
    try kind.with { store in
      try store.insert(Fixture.run())
      let first = try store.enqueue(Fixture.draft("start", timestamp: 1), runID: "a3f")
      try store.update(runID: "a3f") { run, tx in
        run.lastChange = run.lastChange + 1
        let stamp = try tx.nextPushTimestamp(runID: run.id, now: t0)
        return StoreChange(outbox: [Fixture.draft(timestamp: stamp)])
      }
      let pending = try store.pendingOutbox()
      #expect(pending.map(\.id) == [first, first + 1])
      #expect(pending[0].draft == Fixture.draft("start", timestamp: 1))
      #expect(pending[1].draft == Fixture.draft(timestamp: 1_795_975_200))
      #expect(pending.allSatisfy { $0.runID == "a3f" && $0.sentAt == nil })

      #expect(try store.markSent(ids: [first], at: t0 + 1) == 1)
      #expect(try store.markSent(ids: [first, 999], at: t0 + 2) == 0)
      #expect(try store.pendingOutbox().map(\.id) == [first + 1])
      #expect(try store.outbox(runID: "a3f")[0].sentAt == t0 + 1)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func updateRollsBackWhenTheBodyThrows(_ kind: StoreKind) throws {
    struct Refused: Error {}
    try kind.with { store in
      try store.insert(Fixture.run())
      #expect(throws: Refused.self) {
        try store.update(runID: "a3f") { run, tx in
          run.stepIndex = 1
          _ = try tx.nextPushTimestamp(runID: run.id, now: t0)
          try tx.enqueue(Fixture.draft(), runID: run.id)
          throw Refused()
        }
      }
      #expect(try store.run(id: "a3f") == Fixture.run())
      #expect(try store.pendingOutbox().isEmpty)
      // The timestamp taken in the rolled-back transaction was not kept.
      #expect(try store.nextPushTimestamp(runID: "a3f", now: t0) == 1_795_975_200)
      let missing = storeError {
        try store.update(runID: "zzz") { _, _ in StoreChange() }
      }
      #expect(missing?.kind == .noSuchRun("zzz"))
    }
  }

  /// `next_due_ms` is derived from the run on every save: no caller can store another.
  @Test(arguments: StoreKind.allCases)
  func theNextDueInstantFollowsTheRun(_ kind: StoreKind) throws {
    try kind.with { store in
      try store.insert(Fixture.run(id: "a3f", dueAt: t0 + 5))
      try store.update(runID: "a3f") { run, _ in
        run.timers[0].state = .running(endDate: t0 + 6)
        return StoreChange()
      }
      #expect(try store.nextDue() == t0 + 6)
      try store.update(runID: "a3f") { run, _ in
        run.pausedAt = t0 + 1
        return StoreChange()
      }
      #expect(try store.nextDue() == nil)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func newRunIDsAreLongRandomAndUnique(_ kind: StoreKind) throws {
    try kind.with { store in
      var seen = Set<String>()
      for _ in 0..<300 {
        let id = try store.transaction { tx in
          let id = try tx.newRunID()
          try tx.insert(Fixture.run(id: id))
          return id
        }
        #expect(id.count == 10)
        #expect(id.allSatisfy { ("0"..."9").contains($0) || ("a"..."z").contains($0) })
        #expect(("a"..."z").contains(id.first!))  // never read as a duration
        #expect(seen.insert(id).inserted)
      }
    }
  }

  @Test(arguments: StoreKind.allCases)
  func alarmWatermarkOnlyMovesForward(_ kind: StoreKind) throws {
    try kind.with { store in
      try store.insert(Fixture.run())
      #expect(try store.alarmWatermark(runID: "a3f") == nil)
      let t1 = t0 + 1_000
      #expect(
        try store.advanceAlarmWatermark(runID: "a3f", through: t1) == .advanced(previous: nil))
      #expect(try store.advanceAlarmWatermark(runID: "a3f", through: t1) == .unchanged(current: t1))
      #expect(
        try store.advanceAlarmWatermark(runID: "a3f", through: t0)
          == .unchanged(current: t1))
      #expect(
        try store.advanceAlarmWatermark(runID: "a3f", through: t1 + 1) == .advanced(previous: t1))
      #expect(try store.alarmWatermark(runID: "a3f") == t1 + 1)
      #expect(storeError { _ = try store.alarmWatermark(runID: "no") }?.kind == .noSuchRun("no"))
    }
  }

  @Test(arguments: StoreKind.allCases)
  func theEventLogIsAppendOnly(_ kind: StoreKind) throws {
    try kind.with { store in
      try store.insert(Fixture.run(), events: Fixture.events)
      let error = storeError {
        _ = try store.transaction { tx in try tx.db.run("UPDATE run_events SET at_ms = 0") }
      }
      // PostgreSQL's trigger raises P0001 (raise_exception).
      let suffix = kind == .postgresql ? " (SQLSTATE P0001)" : ""
      #expect(error?.detail == "the event log is append-only" + suffix)
      #expect(try store.events(runID: "a3f") == Fixture.events)
    }
  }

  @Test func dueRunsUsesTheNextDueIndex() throws {
    let plan = try RunStore.inMemory().dueRunsQueryPlan().joined(separator: "\n")
    #expect(plan.contains("USING INDEX runs_by_next_due"))
  }

  @Test(arguments: StoreKind.allCases)
  func dueRunsSortsBySoonest(_ kind: StoreKind) throws {
    try kind.with { store in
      try store.insert(Fixture.run(id: "late", dueAt: t0 + 900))
      try store.insert(Fixture.run(id: "soon", dueAt: t0 + 100))
      try store.insert(Fixture.run(id: "idle", paused: true))
      #expect(try store.dueRuns(atOrBefore: t0 + 900).map(\.id) == ["soon", "late"])
      #expect(try store.dueRuns(atOrBefore: t0 + 899).map(\.id) == ["soon"])
      #expect(try store.dueRuns(atOrBefore: t0 + 900, limit: 1).map(\.id) == ["soon"])
      #expect(try store.nextDue() == t0 + 100)
    }
  }
}

@Suite struct RecipeSnapshotTests {
  /// Runs of one recipe share one stored snapshot, and each still reads back whole.
  @Test(arguments: StoreKind.allCases)
  func runsOfOneRecipeShareItsSnapshot(_ kind: StoreKind) throws {
    try kind.with { store in
      let first = Fixture.run(id: "aaa")
      let second = Fixture.run(id: "bbb")
      try store.insert(first)
      try store.insert(second)
      #expect(try store.run(id: "aaa") == first)
      #expect(try store.activeRuns() == [first, second])
      let count = try store.transaction { tx in try tx.db.integer("SELECT count(*) FROM recipes") }
      #expect(count == 1)
    }
  }
}
