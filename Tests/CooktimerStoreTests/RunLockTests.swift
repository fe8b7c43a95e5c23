import CooktimerCore
import CooktimerPostgreSQL
import Foundation
import Testing

@testable import CooktimerStore

/// PostgreSQL's changes of one run lock that run's row instead of the whole schema
/// (``RunStore/transaction(lockingRun:_:)``): changes of different runs commit side by side,
/// changes of one run and whole-schema writes still take turns. (Two writers of one run
/// losing no update: ``ConcurrencyTests``, on both engines.)
@Suite struct RunLockTests {
  /// What `body`, running on another thread, did while `holder` held its transaction open:
  /// `true` when it finished within `patience` seconds.
  private static func finishes(
    while holder: (() -> Void) throws -> Void, patience: Double,
    _ body: @escaping @Sendable () throws -> Void
  ) throws -> Bool {
    let done = DispatchSemaphore(value: 0)
    var finished = false
    try holder {
      Thread.detachNewThread {
        try? body()
        done.signal()
      }
      finished = done.wait(timeout: .now() + patience) == .success
    }
    if !finished { done.wait() }
    return finished
  }

  @Test func changesOfDifferentRunsCommitSideBySide() throws {
    try StoreKind.postgresql.withShared { open in
      let (a, b) = (try open(), try open())
      try a.insert(Fixture.run(id: "a3f"))
      try a.insert(Fixture.run(id: "b4g"))
      let finished = try Self.finishes(
        while: { inside in
          try a.update(runID: "a3f") { run, _ in
            run.timers[0].added += 1
            inside()
            return StoreChange()
          }
        }, patience: 10
      ) {
        try b.update(runID: "b4g") { run, _ in
          run.timers[0].added += 2
          return StoreChange()
        }
      }
      #expect(finished)
      let added = Fixture.run().timers[0].added
      #expect(try a.run(id: "a3f")?.timers[0].added == added + 1)
      #expect(try a.run(id: "b4g")?.timers[0].added == added + 2)
    }
  }

  @Test func aChangeOfTheSameRunWaitsForTheFirstCommit() throws {
    try StoreKind.postgresql.withShared { open in
      let (a, b) = (try open(), try open())
      try a.insert(Fixture.run(id: "a3f"))
      let finished = try Self.finishes(
        while: { inside in
          try a.update(runID: "a3f") { run, _ in
            run.timers[0].added = 100
            inside()
            return StoreChange()
          }
        }, patience: 0.5
      ) {
        try b.update(runID: "a3f") { run, _ in
          run.timers[0].added += 5
          return StoreChange()
        }
      }
      #expect(!finished)
      // The second read what the first stored: nothing lost, in commit order.
      #expect(try a.run(id: "a3f")?.timers[0].added == 105)
    }
  }

  @Test func aWholeSchemaWriteWaitsForARunChange() throws {
    try StoreKind.postgresql.withShared { open in
      let (a, b) = (try open(), try open())
      try a.insert(Fixture.run(id: "a3f"))
      let finished = try Self.finishes(
        while: { inside in
          try a.update(runID: "a3f") { run, _ in
            run.timers[0].added += 1
            inside()
            return StoreChange()
          }
        }, patience: 0.5
      ) {
        try b.transaction { tx in try tx.setSetting("topic", "com.example.cook") }
      }
      #expect(!finished)
      #expect(try a.transaction { tx in try tx.setting("topic") } == "com.example.cook")
    }
  }
}
