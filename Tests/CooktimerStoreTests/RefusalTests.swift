import CooktimerCore
import Foundation
import Testing

@testable import CooktimerStore

/// Files the store must refuse, and leave exactly as they were.
@Suite struct RefusalTests {
  let folder = TempFolder()

  @Test func refusesATextFile() throws {
    defer { folder.remove() }
    let path = folder.file("notes.txt")
    try Data(String(repeating: "not a database\n", count: 300).utf8).write(
      to: URL(fileURLWithPath: path))
    let before = bytes(path)
    let error = storeError { _ = try RunStore(path: path) }
    #expect(error?.kind == .corrupt)
    #expect(error?.resultCode == 26)  // SQLITE_NOTADB
    #expect(bytes(path) == before)
  }

  @Test func refusesADamagedCooktimerDatabase() throws {
    defer { folder.remove() }
    let path = folder.file("damaged.sqlite3")
    do { try RunStore(path: path).insert(Fixture.run()) }
    // Scribble over page 1's b-tree (the schema table), keeping the 100-byte file header.
    var data = try #require(bytes(path))
    data.replaceSubrange(100..<400, with: Data(repeating: 0xA5, count: 300))
    try data.write(to: URL(fileURLWithPath: path))
    let error = storeError { _ = try RunStore(path: path).run(id: "a3f") }
    #expect(error?.kind == .corrupt)
    #expect(bytes(path) == data)
  }

  @Test func refusesAnotherProgramsDatabase() throws {
    defer { folder.remove() }
    let path = folder.file("other.sqlite3")
    try DatabasePath.prepare(path)
    do {
      let db = try DatabaseConnection(path: path, readOnly: false)
      try db.execute("CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('x')")
    }
    let before = bytes(path)
    let error = storeError { _ = try RunStore(path: path) }
    #expect(error?.kind == .notCooktimerDatabase)
    #expect(error?.description.contains("not a cooktimer database") == true)
    #expect(bytes(path) == before)
  }

  @Test func refusesAnEmptyDatabaseWithAnotherApplicationID() throws {
    defer { folder.remove() }
    let path = folder.file("other.sqlite3")
    try DatabasePath.prepare(path)
    do {
      let db = try DatabaseConnection(path: path, readOnly: false)
      try db.execute("PRAGMA application_id = 42")
    }
    let before = bytes(path)
    #expect(storeError { _ = try RunStore(path: path) }?.kind == .notCooktimerDatabase)
    #expect(bytes(path) == before)
  }

  @Test func createsTheFileWithMode0600AndItsFolders() throws {
    defer { folder.remove() }
    let path = folder.file("a/b/cooktimer.sqlite3")
    let store = try RunStore(path: path)
    try store.insert(Fixture.run())
    for file in [path, path + "-wal"] {
      let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
      #expect(mode == 0o600, "\(file)")
    }
    let folderMode =
      try FileManager.default.attributesOfItem(atPath: folder.file("a/b"))[
        .posixPermissions] as? Int
    #expect(folderMode == 0o700)
  }

  /// Tests run as root, where chmod cannot make a file unwritable; a read-only connection
  /// gives SQLite's `SQLITE_READONLY` the same way a read-only file would.
  @Test func writingThroughAReadOnlyConnectionIsPermissionDenied() throws {
    defer { folder.remove() }
    let path = folder.file("db.sqlite3")
    do { try RunStore(path: path).insert(Fixture.run()) }
    let before = bytes(path)
    let store = try RunStore(path: path, readOnly: true)
    #expect(try store.run(id: "a3f") == Fixture.run())
    let error = storeError { try store.insert(Fixture.run(id: "b")) }
    #expect(error?.kind == .permissionDenied)
    #expect(error?.resultCode.map { $0 & 0xFF } == 8)  // SQLITE_READONLY
    #expect(bytes(path) == before)
  }

  /// A folder that cannot be created: its would-be parent is a regular file.
  @Test func aFolderUnderARegularFileIsAnIOError() throws {
    defer { folder.remove() }
    let file = folder.file("plain")
    try Data("x".utf8).write(to: URL(fileURLWithPath: file))
    let path = file + "/sub/db.sqlite3"
    let error = storeError { _ = try RunStore(path: path) }
    #expect(error?.kind == .io)
    #expect(error?.description.hasPrefix(path + ": cannot use the folder \(file)/sub") == true)
  }

  /// Only meaningful without root: root ignores folder permissions.
  @Test(.enabled(if: getuid() != 0)) func aReadOnlyFolderIsPermissionDenied() throws {
    defer {
      chmod(folder.path, 0o700)
      folder.remove()
    }
    chmod(folder.path, 0o500)
    let error = storeError { _ = try RunStore(path: folder.file("db.sqlite3")) }
    #expect(error?.kind == .permissionDenied)
  }
}
