import Testing

@testable import CooktimerCLI

/// `--version` and `version` print the program's version.
@Suite("version")
struct VersionTests {
  @Test func versionPrintsTheNumber() throws {
    let box = try Sandbox()
    let flag = try box.run(["--version"])
    #expect(flag.status == 0)
    #expect(flag.stdout == "cooktimer \(CooktimerVersion.number)\n")
    #expect(try box.run(["version"]).stdout == flag.stdout)
    #expect(
      try box.run(["version", "--json"]).stdout == "{\"version\":\"\(CooktimerVersion.number)\"}\n")
    #expect(CooktimerVersion.number == "0.9.0")
  }
}
