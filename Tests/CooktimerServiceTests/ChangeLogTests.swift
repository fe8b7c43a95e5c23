import CooktimerCore
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

/// The change log the event streams number their events from (docs/api.md §1.4): written in
/// each change's transaction, the same numbers for every service on one database, replayed
/// after a `Last-Event-ID` with no gap and no duplicate.
@Suite("the change log at the service")
struct ChangeLogTests {
  enum Database: String, CaseIterable, CustomTestStringConvertible {
    case sqlite, postgresql
    var testDescription: String { rawValue }

    /// `body` with a way to open another service on one fresh database.
    func with(_ body: (() throws -> RunService) throws -> Void) throws {
      switch self {
      case .sqlite:
        let folder = NSTemporaryDirectory() + "cooktimer-changes-" + UUID().uuidString
        try FileManager.default.createDirectory(
          atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body { try RunService(path: folder + "/cooktimer.sqlite3", clock: FixedClock(t0)) }
      case .postgresql:
        try TestPostgreSQL.withSchema { url in
          try body { try RunService(path: url, clock: FixedClock(t0)) }
        }
      }
    }
  }

  @Test(arguments: Database.allCases)
  func twoServicesSeeTheSameNumbersAndReplayExactlyWhatFollows(_ database: Database) throws {
    try database.with { open in
      let (a, b) = (try open(), try open())
      var cursorA = try a.changeLogStart()
      var cursorB = try b.changeLogStart()
      #expect((cursorA.last, cursorB.last) == (0, 0))
      let run = try a.start(try Kitchen.recipe("tea"), autoAdvance: false, at: t0)
      _ = try b.perform(.pause, on: run.id, at: t0 + second)
      try a.acknowledge(run.id, at: t0 + 2 * second)
      let seenByA = try a.watch(&cursorA, at: t0 + 3 * second).changes
      let seenByB = try b.watch(&cursorB, at: t0 + 3 * second).changes
      #expect(seenByA.map(\.seq) == [1, 2, 3])
      #expect(seenByA == seenByB)
      #expect(seenByA.map(\.kind) == [.run, .run, .acknowledged])
      #expect(seenByA.map(\.at) == [t0, t0 + second, t0 + 2 * second])
      #expect((cursorA.last, cursorB.last) == (3, 3))
      #expect(try a.watch(&cursorA, at: t0 + 4 * second).changes == [])
      // Server B asked with A's id 1: exactly changes 2 and 3, each with the run now.
      guard case .changes(let replayed) = try b.replay(after: 1, through: 3, at: t0 + 5 * second)
      else {
        Issue.record("no replay")
        return
      }
      #expect(replayed.map(\.change.seq) == [2, 3])
      #expect(replayed.map(\.run.run.phase) == [.paused, .paused])
      #expect(replayed.map(\.run.acknowledgedAt) == [t0 + 2 * second, t0 + 2 * second])
      // Up to what the asking server told; an id it has not told yet is ahead.
      guard case .changes(let upTo2) = try b.replay(after: 0, through: 2) else {
        Issue.record("no replay")
        return
      }
      #expect(upTo2.map(\.change.seq) == [1, 2])
      guard case .ahead = try b.replay(after: 3, through: 2) else {
        Issue.record("id 3 not ahead of 2")
        return
      }
      guard case .unknown = try b.replay(after: 4, through: 3) else {
        Issue.record("id 4 known")
        return
      }
      guard case .changes(let none) = try b.replay(after: 3, through: 3) else {
        Issue.record("id 3 unknown")
        return
      }
      #expect(none.isEmpty)
    }
  }

  @Test(arguments: Database.allCases)
  func anIDOlderThanTheLogKeepsIsUnknown(_ database: Database) throws {
    try database.with { open in
      let service = try open()
      let run = try service.start(try Kitchen.recipe("tea"), autoAdvance: false, at: t0)
      _ = try service.perform(.pause, on: run.id, at: t0 + second)
      _ = try service.perform(.resume, on: run.id, at: t0 + 2 * second)
      _ = try service.perform(.pause, on: run.id, at: t0 + 3 * second)
      // As pruning does: a prefix deleted (changes 1 and 2).
      try service.store.transaction { tx in try tx.deleteChanges(through: 2) }
      guard case .unknown = try service.replay(after: 1, through: 4) else {
        Issue.record("id 1 answered after 2 was pruned")
        return
      }
      guard case .changes(let rest) = try service.replay(after: 2, through: 4) else {
        Issue.record("id 2 unknown")
        return
      }
      #expect(rest.map(\.change.seq) == [3, 4])
      // Further behind than the replay's limit: a resync is cheaper than the events.
      guard case .unknown = try service.replay(after: 2, through: 4, limit: 1) else {
        Issue.record("two changes replayed with a limit of one")
        return
      }
    }
  }

  /// On PostgreSQL a change's number is taken before it commits: change 2 committing before
  /// change 1 must not make a reader skip 1 (``ChangeCursor``).
  @Test func aChangeCommittedAfterAHigherNumberIsToldOnceInOrder() throws {
    try TestPostgreSQL.withSchema { url in
      let (first, other) = (
        try RunService(path: url, clock: FixedClock(t0)),
        try RunService(path: url, clock: FixedClock(t0))
      )
      let watcher = try RunService(path: url, clock: FixedClock(t0))
      let tea = try Kitchen.recipe("tea")
      let r1 = try first.start(tea, autoAdvance: false, at: t0)
      let r2 = try first.start(tea, autoAdvance: false, at: t0)
      var cursor = try watcher.changeLogStart()
      #expect(cursor.last == 2)
      let held = HeldChange(.pause, on: r1.id, at: t0 + second, by: first)
      _ = try other.perform(.pause, on: r2.id, at: t0 + 2 * second)
      let early = try watcher.watch(&cursor, at: t0 + 3 * second)
      #expect(early.changes.map(\.seq) == [])
      #expect(cursor.isWaiting)
      held.end()
      #expect(waitUntil(timeout: 10) { (try? other.run(r1.id).phase) == .paused })
      let late = try watcher.watch(&cursor, at: t0 + 4 * second)
      #expect(late.changes.map(\.seq) == [3, 4])
      #expect(late.changes.map(\.runID) == [r1.id, r2.id])
      #expect(try watcher.watch(&cursor, at: t0 + 5 * second).changes == [])
      #expect(!cursor.isWaiting)
    }
  }

  /// A number whose transaction rolled back is a hole for good: the reader passes it once
  /// the transactions running when it saw the hole have ended.
  @Test func aRolledBackNumberIsPassedOnceItsTransactionEnded() throws {
    try TestPostgreSQL.withSchema { url in
      let (first, other) = (
        try RunService(path: url, clock: FixedClock(t0)),
        try RunService(path: url, clock: FixedClock(t0))
      )
      let watcher = try RunService(path: url, clock: FixedClock(t0))
      let tea = try Kitchen.recipe("tea")
      let r1 = try first.start(tea, autoAdvance: false, at: t0)
      let r2 = try first.start(tea, autoAdvance: false, at: t0)
      var cursor = try watcher.changeLogStart()
      let held = HeldChange(.pause, on: r1.id, at: t0 + second, by: first, rollingBack: true)
      _ = try other.perform(.pause, on: r2.id, at: t0 + 2 * second)
      #expect(try watcher.watch(&cursor, at: t0 + 3 * second).changes == [])
      held.end()
      // Passed once every transaction that ran when the hole was seen has ended — in the
      // whole cluster (`pg_snapshot_xmin`), where other tests' transactions run meanwhile:
      // looked at until then, not once.
      var seen: [Int64] = []
      #expect(
        waitUntil(timeout: 30) {
          let changes = (try? watcher.watch(&cursor, at: t0 + 4 * second).changes) ?? []
          seen += changes.map(\.seq)
          return cursor.last == 4
        })
      #expect(seen == [4])
    }
  }
}
