import CooktimerCore
import Foundation
import Testing

@testable import CooktimerStore

/// ``RunStore/batch(changingRuns:_:)`` on PostgreSQL: the server's group commit holding run
/// locks only, so two servers' batches of different runs commit side by side, and a
/// whole-schema write inside one is refused at once with its part undone (the server runs
/// that part again alone).
@Suite struct RunBatchTests {
  @Test func batchesOfDifferentRunsCommitSideBySide() throws {
    try StoreKind.postgresql.withShared { open in
      let (a, b) = (try open(), try open())
      try a.insert(Fixture.run(id: "a3f"))
      try a.insert(Fixture.run(id: "b4g"))
      let inside = DispatchSemaphore(value: 0)
      let letGo = DispatchSemaphore(value: 0)
      let holder = Thread {
        try? a.batch(changingRuns: true) {
          _ = try a.update(runID: "a3f") { run, _ in
            run.timers[0].added += 1
            return StoreChange()
          }
          inside.signal()
          letGo.wait()
        }
        inside.signal()
      }
      holder.start()
      inside.wait()
      // While a's batch holds a3f (and the schema's lock shared), b's batch of b4g commits.
      let done = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        try? b.batch(changingRuns: true) {
          _ = try b.update(runID: "b4g") { run, _ in
            run.timers[0].added += 2
            return StoreChange()
          }
        }
        done.signal()
      }
      let finished = done.wait(timeout: .now() + 10) == .success
      letGo.signal()
      inside.wait()
      if !finished { done.wait() }
      #expect(finished)
      let added = Fixture.run().timers[0].added
      #expect(try a.run(id: "a3f")?.timers[0].added == added + 1)
      #expect(try a.run(id: "b4g")?.timers[0].added == added + 2)
    }
  }

  @Test func aWholeSchemaWriteInsideIsRefusedAndItsPartUndone() throws {
    try StoreKind.postgresql.withShared { open in
      let store = try open()
      try store.insert(Fixture.run(id: "a3f"))
      try store.insert(Fixture.run(id: "b4g"))
      var refused: StoreError?
      try store.batch(changingRuns: true) {
        refused = storeError {
          try store.batchPart {
            _ = try store.update(runID: "a3f") { run, _ in
              run.timers[0].added += 1
              return StoreChange()
            }
            try store.transaction { tx in try tx.setSetting("topic", "com.example.app") }
          }
        }
        try store.batchPart {
          _ = try store.update(runID: "b4g") { run, _ in
            run.timers[0].added += 2
            return StoreChange()
          }
        }
      }
      #expect(refused?.kind == .busy)
      let added = Fixture.run().timers[0].added
      let other = try open()
      // The refused part's run change went with it; the next part's stayed.
      #expect(try other.run(id: "a3f")?.timers[0].added == added)
      #expect(try other.run(id: "b4g")?.timers[0].added == added + 2)
      #expect(try other.transaction { tx in try tx.setting("topic") } == nil)
      // Alone, outside the batch, the same write goes through.
      try store.transaction { tx in try tx.setSetting("topic", "com.example.app") }
      #expect(try other.transaction { tx in try tx.setting("topic") } == "com.example.app")
    }
  }

  @Test(arguments: StoreKind.shared)
  func aRunIsReadAndLockedInOneStatement(_ kind: StoreKind) throws {
    try kind.withShared { open in
      let store = try open()
      try store.insert(Fixture.run(id: "a3f"))
      let (found, missing) = try store.runTransaction { tx in
        (try tx.lockedRun(id: "a3f"), try tx.lockedRun(id: "zzz"))
      }
      #expect(found?.id == "a3f")
      #expect(found?.timers[0].added == Fixture.run().timers[0].added)
      #expect(missing == nil)
    }
  }
}
