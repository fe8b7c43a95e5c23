import Foundation
import Testing

@Suite("Bad database files through the binary")
struct DatabaseFileTests {
  @Test func aFileThatIsNotSQLiteIsRefusedUntouched() throws {
    let box = try Sandbox(copyShippedRecipes: true)
    let bytes = Data("my shopping list\n".utf8)
    try bytes.write(to: URL(fileURLWithPath: box.db))
    let r = try box.run("status")
    #expect(r.status == 65)
    #expect(r.stderr.hasPrefix("cooktimer: ") && r.stderr.contains(box.db))
    #expect(r.stderr.split(separator: "\n").count == 1)
    #expect(try Data(contentsOf: URL(fileURLWithPath: box.db)) == bytes)
  }

  @Test func aFolderThatCannotBeCreatedIsAnIOError() throws {
    let box = try Sandbox()
    let blocker = box.folder.appendingPathComponent("file").path
    try Data().write(to: URL(fileURLWithPath: blocker))
    let r = try box.run(["status", "--db", blocker + "/sub/db.sqlite3"])
    #expect(r.status == 74)
    #expect(r.stderr.hasPrefix("cooktimer: "))
  }
}
