import CooktimerCore
import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerStore

@Suite struct MigrationTests {
  /// A database file stopped at schema `version`, holding one run (and a push from v2 on),
  /// written with the SQL each version had.
  static func makeDatabase(at path: String, version: Int) throws {
    try DatabasePath.prepare(path)
    let db = try DatabaseConnection(path: path, readOnly: false)
    try db.execute("PRAGMA journal_mode = WAL")
    try DatabaseMigrator.migrate(db, upTo: version)
    if version >= 1 {
      let run = Fixture.run()
      try db.run(
        """
        INSERT INTO runs (id, recipe_title, status, next_due_ms, last_change_ms, created_ms,
          run_json) VALUES (?, ?, 'active', ?, ?, ?, ?)
        """,
        [
          .text(run.id), .text(run.recipe.title), .instant(t0 + 360_000),
          .instant(run.lastChange), .instant(run.startedAt),
          .text(try RunCodec.encode(run, path: path)),
        ])
      try db.run(
        "INSERT INTO run_events (run_id, kind, at_ms) VALUES (?, 'started', ?)",
        [.text(run.id), .instant(t0)])
    }
    if version >= 2 {
      let draft = Fixture.draft()
      try db.run(
        """
        INSERT INTO outbox (run_id, event, timestamp, priority, target, headers, body, created_ms)
        VALUES ('a3f', ?, ?, ?, ?, ?, ?, ?)
        """,
        [
          .text(draft.event), .integer(draft.timestamp), .integer(Int64(draft.priority)),
          .text(draft.target), .text(draft.headers), .text(draft.body), .instant(draft.createdAt),
        ])
    }
  }

  static func schemaVersion(_ path: String) throws -> (version: Int64, applicationID: Int64) {
    let db = try DatabaseConnection(path: path, readOnly: true)
    return (try db.integer("PRAGMA user_version"), try db.integer("PRAGMA application_id"))
  }

  @Test(arguments: 0..<DatabaseMigrator.latestVersion)
  func upgradesFromEveryEarlierVersion(_ version: Int) throws {
    let folder = TempFolder()
    defer { folder.remove() }
    let path = folder.file("old.sqlite3")
    try Self.makeDatabase(at: path, version: version)
    #expect(try Self.schemaVersion(path).version == Int64(version))

    let store = try RunStore(path: path)
    #expect(
      try Self.schemaVersion(path)
        == (Int64(DatabaseMigrator.latestVersion), DatabaseMigrator.applicationID))
    if version >= 1 {
      #expect(try store.run(id: "a3f") == Fixture.run())
      #expect(try store.events(runID: "a3f") == [RunEvent(kind: .started, at: t0)])
      #expect(try store.dueRuns(atOrBefore: t0 + 360_000).map(\.id) == ["a3f"])
      #expect(try store.pendingOutbox().count == (version >= 2 ? 1 : 0))
    } else {
      try store.insert(Fixture.run())
    }
    // Everything of the latest schema works on the upgraded file.
    #expect(try store.nextPushTimestamp(runID: "a3f", now: t0) == 1_795_975_200)
    #expect(
      try store.advanceAlarmWatermark(runID: "a3f", through: t0) == .advanced(previous: nil)
    )
    try store.enqueue(Fixture.draft(), runID: "a3f")
  }

  @Test func reopeningTheLatestVersionChangesNothing() throws {
    let folder = TempFolder()
    defer { folder.remove() }
    let path = folder.file("db.sqlite3")
    try Self.makeDatabase(at: path, version: DatabaseMigrator.latestVersion)
    let before = bytes(path)
    do { _ = try RunStore(path: path).run(id: "a3f") }
    #expect(bytes(path) == before)
  }

  @Test func refusesADatabaseFromTheFutureUntouched() throws {
    let folder = TempFolder()
    defer { folder.remove() }
    let path = folder.file("future.sqlite3")
    try Self.makeDatabase(at: path, version: DatabaseMigrator.latestVersion)
    do {
      let db = try DatabaseConnection(path: path, readOnly: false)
      try db.execute("PRAGMA user_version = \(DatabaseMigrator.latestVersion + 1)")
    }
    let before = try #require(bytes(path))
    let error = storeError { _ = try RunStore(path: path) }
    #expect(error?.kind == .futureSchema(version: DatabaseMigrator.latestVersion + 1))
    #expect(error?.description.hasPrefix(path + ": written by a newer cooktimer") == true)
    #expect(error?.description.contains("\n") == false)
    #expect(bytes(path) == before)
  }

  @Test func twoProcessesCreatingTheSameFileMigrateOnce() throws {
    let folder = TempFolder()
    defer { folder.remove() }
    let path = folder.file("new/nested/db.sqlite3")
    let failures = Failures()
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      do { _ = try RunStore(path: path) } catch { failures.add(error) }
    }
    #expect(failures.all.isEmpty)
    #expect(try Self.schemaVersion(path).version == Int64(DatabaseMigrator.latestVersion))
  }
}

/// Errors collected from several threads.
final class Failures: @unchecked Sendable {
  private let lock = NSLock()
  private var errors: [String] = []

  func add(_ error: Error) {
    lock.lock()
    errors.append("\(error)")
    lock.unlock()
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return errors
  }
}
