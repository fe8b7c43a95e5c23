import Foundation
import Testing

/// `migrate --to URL`: its argv and exit statuses (the copy itself: CooktimerStoreTests'
/// `CopyTests`, on a real PostgreSQL).
@Suite("The binary: migrate's arguments")
struct MigrateArgvTests {
  @Test func aMissingOrNonPostgreSQLTargetIsUsage() throws {
    let box = try Sandbox()
    try box.write(recipe: "tea", "Steep ~tea{3%minutes}.")
    try box.run("start tea")
    let missing = try box.run("migrate")
    #expect(missing.status == 64)
    #expect(missing.stderr == "cooktimer: `migrate` needs --to postgresql://…\n")
    let file = try box.run(["migrate", "--to", "/tmp/other.sqlite3"])
    #expect(file.status == 64)
    #expect(file.stderr == "cooktimer: `migrate --to` takes a postgresql:// or postgres:// URL\n")
    #expect(file.stdout == "")
  }

  /// No database yet: nothing to copy, and nothing made (exit 66, as every reading command).
  @Test func noSourceDatabaseIs66() throws {
    let box = try Sandbox()
    let typo = box.folder.appendingPathComponent("none.sqlite3").path
    let r = try box.run(["migrate", "--to", "postgresql:///x", "--db", typo])
    #expect(r.status == 66)
    #expect(!FileManager.default.fileExists(atPath: typo))
  }
}

extension MigrateArgvTests {
  /// The arguments are checked before `--db` is opened: a malformed `--to` is usage (64)
  /// even where there is no database to copy (which alone would be 66), and the password
  /// in it is never echoed.
  @Test func aMalformedTargetIsUsageBeforeNoDatabase() throws {
    let box = try Sandbox()
    let typo = box.folder.appendingPathComponent("none.sqlite3").path
    let r = try box.run(["migrate", "--to", "postgresql://cook:s3cret@db:notaport/x", "--db", typo])
    #expect(r.status == 64)
    #expect(
      r.stderr
        == "cooktimer: bad PostgreSQL URL postgresql://cook@db:notaport/x: the port \"notaport\" is not a number from 1 to 65535\n"
    )
    #expect(!FileManager.default.fileExists(atPath: typo))
  }
}
