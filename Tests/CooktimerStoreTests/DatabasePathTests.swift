import Testing

@testable import CooktimerStore

@Suite struct DatabasePathTests {
  let all = [
    "COOKTIMER_DB": "/env/db.sqlite3", "XDG_DATA_HOME": "/xdg", "HOME": "/home/cook",
  ]

  @Test func optionWinsOverEverything() {
    #expect(DatabasePath.resolve(option: "x.sqlite3", environment: all) == "x.sqlite3")
  }

  @Test func thenTheEnvironmentVariable() {
    #expect(DatabasePath.resolve(option: nil, environment: all) == "/env/db.sqlite3")
  }

  @Test func thenXDGDataHome() {
    var env = all
    env["COOKTIMER_DB"] = ""
    #expect(
      DatabasePath.resolve(option: nil, environment: env) == "/xdg/cooktimer/cooktimer.sqlite3")
    env["XDG_DATA_HOME"] = "/xdg/"
    #expect(
      DatabasePath.resolve(option: nil, environment: env) == "/xdg/cooktimer/cooktimer.sqlite3")
  }

  @Test func thenHome() {
    let expected = "/home/cook/.local/share/cooktimer/cooktimer.sqlite3"
    #expect(DatabasePath.resolve(option: nil, environment: ["HOME": "/home/cook"]) == expected)
    // The XDG spec ignores a relative XDG_DATA_HOME.
    let relative = ["HOME": "/home/cook", "XDG_DATA_HOME": "data"]
    #expect(DatabasePath.resolve(option: nil, environment: relative) == expected)
  }

  @Test func nothingWithoutHome() {
    #expect(DatabasePath.resolve(option: "", environment: [:]) == nil)
  }
}
