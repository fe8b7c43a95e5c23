import CooktimerTestSupport
import Foundation
import Testing

@Suite("Bad database files through the binary", .ownThread)
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
    try box.write(recipe: "tea", "Steep ~tea{3%minutes}.")
    let r = try box.run(["start", "tea", "--db", blocker + "/sub/db.sqlite3"])
    #expect(r.status == 74)
    #expect(r.stderr.hasPrefix("cooktimer: "))
  }

  /// A damaged page that a command does not read still stops every write; nothing lands.
  @Test func aDamagedDatabaseIsNeverWritten() throws {
    let box = try Sandbox(copyShippedRecipes: true)
    var ids: [String] = []
    for _ in 0..<30 {
      ids.append(try #require(try box.json("start tea --json")["id"] as? String))
    }
    let url = URL(fileURLWithPath: box.db)
    var bytes = try Data(contentsOf: url)
    let pageSize = 4096
    #expect(bytes.count > 6 * pageSize)
    // Scribble over the page holding another run's row: `pause` never reads it, so only
    // a check of the whole file before writing can notice.
    let marker = Data("[\"\(ids[20])\"".utf8)
    let found = try #require(bytes.range(of: marker))
    let start = found.lowerBound / pageSize * pageSize
    bytes.replaceSubrange(start..<start + pageSize, with: Data(repeating: 0xA5, count: pageSize))
    try bytes.write(to: url)
    let r = try box.run(["pause", ids[0]])
    #expect(r.status == 65, "\(r.stdout) \(r.stderr)")
    #expect(r.stderr.hasPrefix("cooktimer: ") && r.stderr.contains(box.db))
    // SQLite's integrity report spans lines; the error is still one.
    #expect(r.stderr.filter { $0 == "\n" }.count == 1 && r.stderr.hasSuffix("\n"), "\(r.stderr)")
    #expect(r.stderr.contains("the database is damaged ("))
    #expect(try Data(contentsOf: url) == bytes)
  }

  /// Every error is one line, also when an argument or a path holds a line break.
  @Test func errorsWithLineBreaksInArgumentsAreOneLine() throws {
    let box = try Sandbox()
    // A file where a folder should be, with a line break in its name: an I/O error naming it.
    let blocker = box.folder.appendingPathComponent("two\nlines").path
    try Data().write(to: URL(fileURLWithPath: blocker))
    try box.write(recipe: "tea", "Steep ~tea{3%minutes}.")
    let cases: [[String]] = [
      ["show", "no\nsuch"], ["frob\nnicate"], ["status", "a\r\nb"],
      ["start", "tea", "--db", blocker + "/sub/db.sqlite3"],
      ["add", "5\nmin"], ["--now", "2026\n11"],
    ]
    for arguments in cases {
      for json in [false, true] {
        let r = try box.run(arguments + (json ? ["--json"] : []))
        #expect(r.status != 0, "\(arguments)")
        #expect(r.stderr.hasPrefix("cooktimer: "), "\(arguments)")
        #expect(r.stderr.filter(\.isNewline).count == 1, "\(arguments): \(r.stderr)")
        if json { #expect(r.stdout.filter(\.isNewline).count == 1, "\(arguments)") }
      }
    }
    let r = try box.run(["show", "no\nsuch"])
    #expect(r.stderr == "cooktimer: no recipe \"no / such\"; `recipes` lists them\n")
  }
}
