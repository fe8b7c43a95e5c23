import CooktimerTestSupport
import Foundation
import Testing

@Suite("The binary: exit statuses and messages", .ownThread)
struct ExitStatusTests {
  @Test func unknownCommandIsUsage() throws {
    let box = try Sandbox()
    let r = try box.run("frob")
    #expect(r.status == 64)
    #expect(r.stderr == "cooktimer: unknown command \"frob\"; type `help` for the list\n")
    #expect(r.stdout == "")
  }

  @Test func noActiveRunIs66() throws {
    let box = try Sandbox()
    try box.write(recipe: "tea", "Steep ~tea{3%minutes}.")
    try box.run("start tea")
    try box.run("stop")
    let r = try box.run("pause")
    #expect(r.status == 66)
    #expect(r.stderr == "cooktimer: no active run; start one with `start RECIPE`\n")
    #expect(try box.run("status zz9").status == 66)
  }

  /// A mistyped `--db` makes nothing: reading commands say there is no database there; the
  /// first command that writes (`start`) makes it.
  @Test func onlyAWritingCommandMakesTheDatabase() throws {
    let box = try Sandbox()
    let typo = box.folder.appendingPathComponent("b").path
    let status = try box.run(["status", "--db", typo])
    #expect(status.status == 0)
    #expect(status.stdout == "No active runs. Start one with `start RECIPE`.\n")
    #expect(status.stderr == "cooktimer: no database at \(typo) yet; `start RECIPE` makes it\n")
    let reads = [
      ["pause"], ["content"], ["timeline"], ["outbox"], ["deliveries"], ["token", "list"],
      ["token", "remove", String(repeating: "ab", count: 32)], ["apikey", "list"],
      ["apikey", "revoke", "phone"],
    ]
    for command in reads {
      let r = try box.run(command + ["--db", typo])
      #expect(r.status == 66, "\(command)")
      #expect(
        r.stderr == "cooktimer: no database at \(typo) yet; `start RECIPE` makes it "
          + "(check --db and $COOKTIMER_DB)\n", "\(command)")
    }
    #expect(!FileManager.default.fileExists(atPath: typo))
    try box.write(recipe: "tea", "Steep ~tea{3%minutes}.")
    #expect(try box.run(["start", "tea", "--db", typo]).status == 0)
    #expect(FileManager.default.fileExists(atPath: typo))
  }

  /// An empty `--db` or `--recipes` is a mistake, not "the default": nothing is made.
  @Test func anEmptyPathIsRefused() throws {
    let box = try Sandbox()
    try box.write(recipe: "tea", "Steep ~tea{3%minutes}.")
    for arguments in [
      ["start", "tea", "--db", ""], ["status", "--db="], ["recipes", "--recipes", ""],
    ] {
      let r = try box.run(arguments)
      #expect(r.status == 64, "\(arguments)")
      let option = arguments.contains("recipes") ? "--recipes" : "--db"
      #expect(r.stderr == "cooktimer: \(option) needs a path, not an empty word\n", "\(arguments)")
    }
    #expect(runIDs(in: try box.run("status --json").stdout).isEmpty)
  }

  @Test func statusWithNoRunsIsEmptyJSON() throws {
    let box = try Sandbox()
    let r = try box.run("status --json")
    #expect(r.status == 0)
    #expect(r.stdout == "{\"runs\":[]}\n")
  }

  @Test func databaseIsCreatedPrivate() throws {
    let box = try Sandbox()
    try box.write(recipe: "tea", "Steep ~tea{3%minutes}.")
    try box.run("start tea")
    let mode = try FileManager.default.attributesOfItem(atPath: box.db)[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  @Test func badDurationSaysWhatToType() throws {
    let box = try Sandbox()
    let r = try box.run("add 90")
    #expect(r.status == 64)
    #expect(r.stderr.hasPrefix("cooktimer: "))
    #expect(r.stderr.contains("90s"))
  }

  @Test func helpListsEveryCommand() throws {
    let box = try Sandbox()
    let r = try box.run("help")
    #expect(r.status == 0)
    for command in [
      "recipes", "show", "start", "status", "pause", "resume", "next", "add", "stop", "content",
      "payload", "contract", "plan",
    ] {
      #expect(r.stdout.contains("\n  \(command)"), "\(command)")
    }
  }
}
