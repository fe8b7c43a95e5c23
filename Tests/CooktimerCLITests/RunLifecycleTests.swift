import CooktimerTestSupport
import Foundation
import Testing

/// One-shot commands through the real binary, with `--now` as the clock.
@Suite("Runs through the binary")
struct RunLifecycleTests {

  /// `--now` at T + `seconds`.
  static func at(_ seconds: Double) -> String {
    "@" + String(1_795_975_200 + seconds)
  }

  @Test func startPrintsTheRunAndItsTimer() throws {
    let box = try Sandbox(copyShippedRecipes: true, inProcess: true)
    let r = try box.run(["start", "tea", "--now", t0Text])
    #expect(r.status == 0)
    let id = try #require(r.stdout.split(separator: " ").dropFirst().first).dropLast()
    #expect(
      r.stdout == """
        Started \(id): Black Tea
        \(id)  Black Tea — step 1 of 1, running
             Pour boiling water over black tea in a teapot and steep for 3 minutes, then strain.
            1  tea  running  3:00  ends 18:03:00

        """)
  }

  /// docs/timers.md §5: a timer paused at T+30.4 s and resumed at T+40.0 s fires 9.6 s late.
  @Test func pauseAndResumeMoveTheEndDateExactly() throws {
    let box = try Sandbox(copyShippedRecipes: true, inProcess: true)
    try box.run(["start", "tea", "--now", t0Text])
    #expect(try box.run(["pause", "--now", Self.at(30.4)]).status == 0)
    let paused = try box.json("status --json --now \(Self.at(100))")
    let pausedTimer = try timer(paused)
    #expect(pausedTimer["state"] as? String == "paused")
    #expect(pausedTimer["remaining"] as? Double == 149.6)
    #expect(pausedTimer["endDate"] == nil)
    #expect(try box.run(["resume", "--now", Self.at(40)]).status == 0)
    let running = try timer(try box.json("status --json --now \(Self.at(41))"))
    #expect(running["endDate"] as? String == "2026-11-29T18:03:09.600Z")
    #expect(running["remaining"] as? Double == 148.6)
    // It has fired at its end date exactly.
    let fired = try timer(try box.json("status --json --now \(Self.at(189.6))"))
    #expect(fired["state"] as? String == "fired")
  }

  @Test func safeRetriesChangeNothingAndSaySo() throws {
    let box = try Sandbox(copyShippedRecipes: true, inProcess: true)
    let id = try startedID(box, "tea")
    try box.run(["pause", "--now", Self.at(10)])
    let again = try box.run(["pause", "--now", Self.at(20)])
    #expect(again.status == 0)
    #expect(again.stdout == "\(id) is already paused — nothing changed\n")
    let json = try box.json("pause --json --now \(Self.at(21))")
    #expect(json["changed"] as? Bool == false)
  }

  @Test func nowBeforeTheLastChangeIsTakenAsThatChange() throws {
    let box = try Sandbox(copyShippedRecipes: true, inProcess: true)
    _ = try startedID(box, "tea")
    try box.run(["pause", "--now", Self.at(60)])
    try box.run(["resume", "--now", Self.at(30)])  // earlier than the pause: taken at T+60
    let t = try timer(try box.json("status --json --now \(Self.at(61))"))
    #expect(t["endDate"] as? String == "2026-11-29T18:03:00.000Z")
  }

  @Test func addExtendsTheShownTimerAndRefusesZero() throws {
    let box = try Sandbox(copyShippedRecipes: true, inProcess: true)
    let id = try startedID(box, "tea")
    #expect(try box.run(["add", "1m", "--now", Self.at(60)]).status == 0)
    let t = try timer(try box.json("status --json --now \(Self.at(61))"))
    #expect(t["endDate"] as? String == "2026-11-29T18:04:00.000Z")
    let refused = try box.run(["add", "-5m", "--now", Self.at(62)])
    #expect(refused.status == 65)
    #expect(
      refused.stderr
        == "cooktimer: adding -5 min would leave no time on \"tea\" (2 min 58 s left) (\(id) is running)\n"
    )
  }

  @Test func finishedRunsRefuseChangesNamingTheirState() throws {
    let box = try Sandbox(copyShippedRecipes: true, inProcess: true)
    let id = try startedID(box, "tea")
    let next = try box.run(["next", "--now", Self.at(10)])
    #expect(next.status == 0)
    #expect(next.stdout == "\(id) finished: Black Tea\n  cancelled: tea\n")
    let pause = try box.run(["pause", id, "--now", Self.at(11)])
    #expect(pause.status == 65)
    #expect(pause.stderr == "cooktimer: cannot pause: \(id) is finished\n")
    // Not active any more: leaving RUN out finds nothing.
    #expect(try box.run(["pause", "--now", Self.at(12)]).status == 66)
    // Named, it is still there.
    let status = try box.json("status \(id) --json")
    let runs = try #require(status["runs"] as? [[String: Any]])
    #expect(runs.first?["phase"] as? String == "finished")
  }

  @Test func nextWhilePausedIsRefused() throws {
    let box = try Sandbox(copyShippedRecipes: true, inProcess: true)
    _ = try startedID(box, "soft-boiled-eggs")
    try box.run(["next", "--now", Self.at(1)])
    try box.run(["pause", "--now", Self.at(2)])
    let r = try box.run(["next", "--now", Self.at(3)])
    #expect(r.status == 65)
    #expect(r.stderr.contains("resume first"))
  }

  @Test func severalActiveRunsMustBeNamed() throws {
    let box = try Sandbox(copyShippedRecipes: true, inProcess: true)
    let a = try startedID(box, "tea")
    let b = try startedID(box, "rice")
    let r = try box.run(["pause", "--now", Self.at(5)])
    #expect(r.status == 64)
    #expect(r.stderr.contains(a) && r.stderr.contains(b))
    #expect(try box.run(["pause", b, "--now", Self.at(5)]).status == 0)
    let status = try box.json("status --json --now \(Self.at(6))")
    #expect((status["runs"] as? [Any])?.count == 2)
  }

  @Test func pipedCommandsRunInOrder() throws {
    let box = try Sandbox(copyShippedRecipes: true, inProcess: true)
    let r = try box.run([], input: "start tea\nstatus --json\nfrob\nstatus\n")
    #expect(r.status == 64)  // the last failing line
    #expect(r.stdout.hasPrefix("Started "))
    #expect(r.stdout.contains("\"phase\":\"running\""))
    #expect(r.stderr == "cooktimer: unknown command \"frob\"; type `help` for the list\n")
  }

  @Test func autoAdvanceMovesOnAtTheInstantTheStepEnds() throws {
    let box = try Sandbox(copyShippedRecipes: true, inProcess: true)
    try box.run(["start", "soft-boiled-eggs", "--auto-advance", "--now", t0Text])
    // Step 1 has no timer: the cook moves on; then eggs (6 min) and cool (1 min) follow.
    try box.run(["next", "--now", Self.at(30)])
    let run = try #require(
      (try box.json("status --json --now \(Self.at(30 + 360 + 5))")["runs"] as? [[String: Any]])?
        .first)
    #expect(run["stepNumber"] as? Int == 3)
    let timers = try #require(run["timers"] as? [[String: Any]])
    #expect(timers.map { $0["state"] as? String } == ["fired", "running"])
    #expect(timers[1]["endDate"] as? String == "2026-11-29T18:07:30.000Z")
    let done = try #require(
      (try box.json("status --json --now \(Self.at(30 + 420))")["runs"] as? [[String: Any]]))
    #expect(done.isEmpty)  // finished: not active any more
  }

  /// A timer the recipe left without a length takes one from the cook: a duration or a
  /// clock time (docs/timers.md §3.3), in the local zone (TZ=UTC here).
  @Test func beginTakesADurationOrAClockTime() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "rest", "Let the dough ~rest.\n\nShape it ~shape.\n")
    try box.run(["start", "rest", "--now", t0Text])
    let bad = try box.run(["begin", "1", "90", "--now", Self.at(1)])
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("90s or 90m"))
    #expect(try box.run(["begin", "rest", "until", "18:42", "--now", Self.at(1)]).status == 0)
    let t = try timer(try box.json("status --json --now \(Self.at(2))"))
    #expect(t["endDate"] as? String == "2026-11-29T18:42:00.000Z")
    #expect(t["duration"] as? Double == 2519)
  }

  private func startedID(_ box: Sandbox, _ recipe: String) throws -> String {
    let json = try box.json("start \(recipe) --json --now \(t0Text)")
    return try #require(json["id"] as? String)
  }

  private func timer(_ status: [String: Any]) throws -> [String: Any] {
    let runs = try #require(status["runs"] as? [[String: Any]])
    let timers = try #require(runs.first?["timers"] as? [[String: Any]])
    return try #require(timers.first)
  }
}
