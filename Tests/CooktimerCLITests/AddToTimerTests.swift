import Foundation
import Testing

/// `add DURATION [TIMER] [RUN]`: time for the shown timer, or for the one named.
@Suite("add to a named timer")
struct AddToTimerTests {
  static let pasta = """
    ---
    title: Pasta
    ---
    Cook the pasta ~Nudeln{8%minutes} and meanwhile the sauce ~Soße{10%minutes}.
    """
  static let rest = """
    Let it rest ~rest{}.
    """

  static func at(_ seconds: Double) -> String { "@" + String(1_795_975_200 + seconds) }

  static func box() throws -> Sandbox {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "pasta", pasta)
    try box.write(recipe: "rest", rest)
    return box
  }

  static func start(_ box: Sandbox, _ recipe: String, at seconds: Double = 0) throws -> String {
    let json = try box.json("start \(recipe) --json --now \(at(seconds))")
    return try #require(json["id"] as? String)
  }

  @Test func addTakesATimerByNameOrNumber() throws {
    let box = try Self.box()
    let id = try Self.start(box, "pasta")
    let byName = try box.run(["add", "2", "min", "Soße", "--now", Self.at(60)])
    #expect(byName.stderr == "")
    #expect(
      byName.stdout
        == "\(id) added time: Pasta — step 1 of 1, running\n  Soße: +2 min, 11:00 left\n")
    let byNumber = try box.run(["add", "30s", "1", id, "--now", Self.at(120)])
    #expect(
      byNumber.stdout
        == "\(id) added time: Pasta — step 1 of 1, running\n  Nudeln: +30 s, 6:30 left\n")
    // A lone word that is a run's id is still the RUN: the shown timer gets the time.
    let byRun = try box.run(["add", "1m", id, "--now", Self.at(180)])
    #expect(
      byRun.stdout
        == "\(id) added time: Pasta — step 1 of 1, running\n  Nudeln: +1 min, 6:30 left\n")
    // Neither a run nor a timer of the step: named as both, 66 as "no run" was.
    let neither = try box.run(["add", "1m", "nope", "--now", Self.at(181)])
    #expect(neither.status == 66)
    #expect(
      neither.stderr
        == "cooktimer: no timer \"nope\" in the run's current step, and no run with that id; "
        + "`status` lists the timers and runs\n")
  }
}
