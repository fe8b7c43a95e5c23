import CooktimerCore
import CooktimerPostgreSQL
import Foundation
import Testing

@testable import CooktimerStore

/// PostgreSQL's commits wake waiters on other connections through `LISTEN`/`NOTIFY`
/// (``RunStore/makeListener()``); SQLite has no listener (its watchers poll `data_version`).
@Suite struct ChangeListenerTests {
  @Test func sqliteHasNoListener() throws {
    try StoreKind.disk.with { store in
      let listener = try store.makeListener()
      #expect(listener == nil)
    }
  }

  @Test func aChangeOnOneConnectionWakesAWaiterOnAnotherAtOnce() throws {
    try StoreKind.postgresql.withShared { open in
      let (a, b) = (try open(), try open())
      try a.insert(Fixture.run())
      let result = Box(listener: try #require(try b.makeListener()))
      let woken = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        result.told = (try? result.listener.wait(for: [.runs], timeout: 10)) ?? false
        result.at = DispatchTime.now().uptimeNanoseconds
        woken.signal()
      }
      try a.update(runID: "a3f") { run, _ in
        run.timers[0].added += 1
        return StoreChange()
      }
      let committed = DispatchTime.now().uptimeNanoseconds
      woken.wait()
      #expect(result.told)
      #expect(result.at < committed + 100_000_000)
    }
  }

  @Test func onlyACommitThatQueuedPushesWakesOutboxWaiters() throws {
    try StoreKind.postgresql.withShared { open in
      let (a, b) = (try open(), try open())
      try a.insert(Fixture.run())
      let listener = try #require(try b.makeListener())
      try a.transaction { tx in try tx.setSetting("topic", "com.example.cook") }
      #expect(try listener.wait(for: [.outbox], timeout: 0.2) == false)
      try a.enqueue(Fixture.draft(), runID: "a3f")
      #expect(try listener.wait(for: [.outbox], timeout: 10))
    }
  }

  @Test func aRolledBackChangeTellsNobody() throws {
    try StoreKind.postgresql.withShared { open in
      let (a, b) = (try open(), try open())
      try a.insert(Fixture.run())
      let listener = try #require(try b.makeListener())
      struct Refused: Error {}
      _ = try? a.update(runID: "a3f") { run, tx in
        try tx.enqueue(Fixture.draft(), runID: "a3f")
        throw Refused()
      }
      #expect(try listener.wait(for: [.runs, .outbox], timeout: 0.2) == false)
    }
  }

  @Test func anotherSchemasCommitsDoNotWake() throws {
    try StoreKind.postgresql.withShared { open in
      let listener = try #require(try open().makeListener())
      try StoreKind.postgresql.with { other in try other.insert(Fixture.run()) }
      #expect(try listener.wait(for: [.runs], timeout: 0.2) == false)
    }
  }
}

/// The waiting thread's listener and what it saw; the test reads them after the thread
/// signalled.
private final class Box: @unchecked Sendable {
  let listener: any ChangeListener
  init(listener: any ChangeListener) { self.listener = listener }
  var told = false
  var at: UInt64 = 0
}
