import CooktimerTestSupport
import Foundation
import Testing

/// With the disk full, reading still works and a change fails in one line, losing nothing
/// (docs/architecture.md §5). The full disk is a 3 MiB tmpfs, filled up: mounting one needs
/// root, as `.ci/run` has.
@Suite("A full disk", .ownThread)
struct FullDiskTests {
  @Test(.enabled(if: getuid() == 0, "mounting a small tmpfs needs root"))
  func readsWorkAndAChangeFailsInOneLine() throws {
    let box = try Sandbox()
    try box.write(recipe: "tea", "Steep ~tea{3%minutes}.\n")
    let disk = box.folder.appendingPathComponent("disk").path
    try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
    #expect(try tool("/bin/mount", ["-t", "tmpfs", "-o", "size=3m", "tmpfs", disk]) == 0)
    defer { _ = try? tool("/bin/umount", [disk]) }
    let db = disk + "/db.sqlite"
    let id = try #require(
      try box.json("start tea --json --db \(db) --now 2026-11-29T18:00:00Z")["id"] as? String)
    // Fill the rest of the disk.
    let filler =
      FileHandle(forWritingAtPath: disk + "/fill")
      ?? {
        FileManager.default.createFile(atPath: disk + "/fill", contents: nil)
        return FileHandle(forWritingAtPath: disk + "/fill")!
      }()
    let block = Data(count: 64 * 1024)
    while (try? filler.write(contentsOf: block)) != nil {}
    try? filler.close()
    let status = try box.run(["status", "--db", db, "--now", "2026-11-29T18:01:00Z"])
    #expect(status.status == 0, "\(status.stderr)")
    #expect(status.stdout.hasPrefix("\(id)  tea — step 1 of 1, running\n"), "\(status.stdout)")
    let pause = try box.run(["pause", "--db", db, "--now", "2026-11-29T18:01:00Z"])
    #expect(pause.status == 74)
    #expect(
      pause.stderr
        == "cooktimer: \(db): database or disk is full (SQLite code 13); check free disk space "
        + "and the folder, or pass --db\n")
    let after = try box.run(["status", "--db", db, "--now", "2026-11-29T18:01:00Z"])
    #expect(after.stdout == status.stdout)
  }

  /// Runs a system tool; its exit status.
  func tool(_ path: String, _ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }
}
