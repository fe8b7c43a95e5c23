import CooktimerCore
import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerStore

/// A second process killed with SIGKILL in the middle of a write transaction: its changes
/// vanish, the file stays sound, and a waiting writer proceeds as soon as the lock dies.
///
/// The second process is the `sqlite3` shell (the only way to run SQL in another process
/// without a helper executable in the package); the test is skipped where it is missing.
@Suite struct CrashTests {
  static let shell = "/usr/bin/sqlite3"

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: shell)))
  func killedWriterLeavesTheDatabaseIntact() throws {
    let folder = TempFolder()
    defer { folder.remove() }
    let path = folder.file("db.sqlite3")
    let marker = folder.file("ready")
    let store = try RunStore(path: path)
    try store.insert(Fixture.run())

    let child = Process()
    child.executableURL = URL(fileURLWithPath: Self.shell)
    child.arguments = [path]
    let input = Pipe()
    child.standardInput = input
    child.standardOutput = FileHandle.nullDevice
    child.standardError = FileHandle.nullDevice
    try child.run()
    // A tiny page cache makes SQLite spill the uncommitted pages into the WAL file.
    let script = """
      PRAGMA cache_size = 5;
      BEGIN IMMEDIATE;
      UPDATE runs SET run_json = 'garbage', status = 'stopped' WHERE id = 'a3f';
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
        INSERT INTO run_events (run_id, kind, at_ms) SELECT 'a3f', 'paused', i FROM n;
      .once \(marker)
      SELECT 'ready';

      """
    input.fileHandleForWriting.write(Data(script.utf8))
    let deadline = Date().addingTimeInterval(10)
    while !FileManager.default.fileExists(atPath: marker) && Date() < deadline {
      usleep(10_000)
    }
    #expect(FileManager.default.fileExists(atPath: marker), "the child never held the lock")

    // Kill the child while this process waits for its write lock (busy timeout).
    let pid = child.processIdentifier
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { kill(pid, SIGKILL) }
    let updated = try store.update(runID: "a3f") { run, _ in
      run.timers[0].added += 1
      return StoreChange(events: [RunEvent(kind: .added, at: t0)])
    }
    child.waitUntilExit()
    #expect(child.terminationReason == .uncaughtSignal)

    var expected = Fixture.run()
    expected.timers[0].added += 1
    #expect(updated == expected)
    let reopened = try RunStore(path: path)
    #expect(try reopened.run(id: "a3f") == expected)
    #expect(try reopened.events(runID: "a3f") == [RunEvent(kind: .added, at: t0)])
    let check = try DatabaseConnection(path: path, readOnly: true)
    #expect(try check.first("PRAGMA integrity_check") { $0.text(0) } == "ok")
  }

  /// Without a second process: a connection dropped in the middle of a transaction
  /// (no COMMIT) leaves nothing behind.
  @Test func connectionClosedMidTransactionCommitsNothing() throws {
    let folder = TempFolder()
    defer { folder.remove() }
    let path = folder.file("db.sqlite3")
    try RunStore(path: path).insert(Fixture.run())
    do {
      let db = try DatabaseConnection(path: path, readOnly: false)
      try db.execute("BEGIN IMMEDIATE")
      try db.run("UPDATE runs SET run_json = 'garbage' WHERE id = 'a3f'")
    }
    let store = try RunStore(path: path)
    #expect(try store.run(id: "a3f") == Fixture.run())
  }
}
