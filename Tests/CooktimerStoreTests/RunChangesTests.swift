import CooktimerCore
import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerStore

/// The change log (`run_changes`, migration 11): one row per run write, in the write's own
/// transaction, once per run and kind in a transaction; the event streams' ids.
@Suite struct RunChangesTests {
  @Test(arguments: StoreKind.allCases)
  func everyRunWriteLogsOneChangeInItsTransaction(_ kind: StoreKind) throws {
    try kind.with { store in
      try store.insert(Fixture.run())
      try store.transaction { tx in
        let run = try #require(try tx.run(id: "a3f"))
        // A catch-up's save, then the change's: one change of the log.
        try tx.save(run)
        try tx.save(run)
        try tx.acknowledge(runID: "a3f", at: t0 + 1_000)
        // An acknowledgement that moves nothing writes nothing.
        try tx.acknowledge(runID: "a3f", at: t0)
      }
      struct Undo: Error {}
      #expect(throws: Undo.self) {
        try store.transaction { tx in
          try tx.save(Fixture.run(paused: true))
          throw Undo()
        }
      }
      try store.insert(Fixture.run(id: "b7k"))
      let changes = try store.read { try $0.changes(after: 0) }
      #expect(
        changes.map { "\($0.kind.rawValue):\($0.runID)" } == [
          "run:a3f", "run:a3f", "acknowledged:a3f", "run:b7k",
        ])
      let changed = Fixture.run().lastChange
      #expect(changes.map(\.at) == [changed, changed, t0 + 1_000, changed])
      // Numbers grow; the rolled-back one may be a hole (PostgreSQL) or reused (SQLite).
      #expect(changes.map(\.seq) == changes.map(\.seq).sorted())
      #expect(changes.prefix(3).map(\.seq) == [1, 2, 3])
      let bounds = try store.read { try $0.changeBounds() }
      #expect(bounds?.oldest == 1)
      #expect(bounds?.newest == changes.last?.seq)
      #expect(try store.read { try $0.changes(after: 1, through: 2) }.map(\.seq) == [2])
      // Numbers at or below `after` looked for again (a reader's skipped ones), in order.
      let newest = try #require(changes.last?.seq)
      #expect(
        try store.read { try $0.changes(after: newest, also: [2, 1, 99]) }.map(\.seq) == [1, 2])
      #expect(
        try store.read { try $0.changes(after: 2, also: [1]) }.map(\.seq)
          == [1] + changes.map(\.seq).filter { $0 > 2 })
      // Pruning deletes a prefix.
      try store.transaction { tx in try tx.deleteChanges(through: 2) }
      #expect(try store.read { try $0.changeBounds() }?.oldest == 3)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func aSavepointRolledBackForgetsItsChange(_ kind: StoreKind) throws {
    try kind.with { store in
      try store.insert(Fixture.run())
      struct Undo: Error {}
      try store.batch {
        _ = try? store.transaction { tx in
          try tx.save(Fixture.run())
          throw Undo()
        }
        // The same run changed again in the batch: logged, the undone row being gone.
        try store.transaction { tx in try tx.save(Fixture.run()) }
      }
      let changes = try store.read { try $0.changes(after: 0) }
      #expect(changes.map(\.runID) == ["a3f", "a3f"])
    }
  }
}
