import CooktimerPTY
import CooktimerTestSupport
import Foundation
import Testing

/// The REPL on a pseudo-terminal, as a cook uses it.
@Suite("REPL under a pseudo-terminal", .serialized, .ownThread)
struct REPLTests {
  static let quick = """
    ---
    title: Quick
    ---
    Wait ~egg{2%seconds}.

    Then serve.
    """

  /// A timer started in another process rings at its end date while the prompt is idle,
  /// and again while a command is half typed; the half-typed line survives and runs.
  @Test(.tags(.timing)) func alarmsRingOnTimeWithoutGarblingTheLine() throws {
    let box = try Sandbox()
    try box.write(recipe: "quick", Self.quick)
    let repl = try PseudoTerminal(environment: box.environment)
    #expect(repl.wait(for: "cooktimer> ") != nil, "no prompt: \(repl.screen)")

    // Idle prompt: start a 2 s timer from a second process; the REPL notices and rings.
    let started = try box.json("start quick --json")
    let end1 = try endDate(started)
    let mark1 = repl.offset
    let rang1 = try #require(repl.wait(for: "⏰", after: mark1, timeout: 6), "\(repl.screen)")
    let late1 = rang1.timeIntervalSince(end1)
    #expect(late1 >= 0 && late1 < 0.25, "idle alarm lateness \(late1) s")

    // Half-typed line: type "sta", let a second timer ring, then finish the word.
    _ = try box.run("stop")
    let second = try box.json("start quick --json")
    let end2 = try endDate(second)
    repl.type("sta")
    let mark2 = repl.offset
    let rang2 = try #require(repl.wait(for: "⏰", after: mark2, timeout: 6), "\(repl.screen)")
    let late2 = rang2.timeIntervalSince(end2)
    #expect(late2 >= 0 && late2 < 0.25, "typing alarm lateness \(late2) s")
    #expect(repl.wait(for: "cooktimer> sta", after: mark2, timeout: 2) != nil, "line not redrawn")
    let mark3 = repl.offset
    repl.type("tus\r")
    #expect(
      repl.wait(for: "Quick — step 1 of 2, waiting", after: mark3, timeout: 5) != nil,
      "\(repl.screen)")
    #expect(repl.waitForPrompt(), "\(repl.screen)")

    repl.type("\u{04}")  // Ctrl-D
    #expect(repl.waitForExit() == 0, "\(repl.screen)")
  }

  @Test func missedAlarmsAreReportedOnceAtStartUp() throws {
    let box = try Sandbox()
    try box.write(recipe: "quick", Self.quick)
    _ = try box.run(["start", "quick", "--now", "2026-11-29T10:00:00Z"])
    // The REPL's clock reads 10:01:00 at start-up, whatever today is: one minute late.
    var environment = box.environment
    environment["COOKTIMER_CLOCK_OFFSET"] = Sandbox.offset(
      reading: Date(timeIntervalSince1970: 1_795_946_460.2))
    let repl = try PseudoTerminal(environment: environment)
    #expect(repl.wait(for: "cooktimer> ") != nil)
    #expect(
      repl.screen.contains("missed: [") && repl.screen.contains("egg is done"), "\(repl.screen)")
    #expect(repl.screen.contains("(done at 10:00:02, 58 s ago)"), "\(repl.screen)")
    repl.type("\u{04}")
    #expect(repl.waitForExit() == 0)

    let again = try PseudoTerminal(environment: environment)
    #expect(again.wait(for: "cooktimer> ") != nil)
    #expect(!again.screen.contains("missed:"), "\(again.screen)")
    again.type("\u{04}")
    #expect(again.waitForExit() == 0)
  }

  /// Ctrl-C (SIGINT) drops the half-typed line and gives a fresh prompt; the REPL goes on.
  @Test func interruptDropsTheLine() throws {
    let box = try Sandbox()
    let repl = try PseudoTerminal(environment: box.environment)
    #expect(repl.waitForPrompt())
    repl.type("statu")
    #expect(repl.wait(for: "statu") != nil)
    kill(repl.process.processIdentifier, SIGINT)
    #expect(repl.wait(for: "^C") != nil, "\(repl.screen)")
    #expect(repl.waitForPrompt())
    let mark = repl.offset
    repl.type("s\r")  // alone, "s" is no command: the dropped "statu" is gone
    #expect(repl.wait(for: "unknown command \"s\"", after: mark) != nil, "\(repl.screen)")
    #expect(repl.waitForPrompt())
    repl.type("\u{04}")
    #expect(repl.waitForExit() == 0)
  }

  /// `--on-alarm` runs with the alarm in its environment; a pause from another process is
  /// noticed, so the paused timer does not ring.
  @Test func onAlarmHookAndPausesFromElsewhere() throws {
    let box = try Sandbox()
    try box.write(recipe: "quick", Self.quick)
    let log = box.folder.appendingPathComponent("alarms.log").path
    let repl = try PseudoTerminal(
      arguments: [
        "--on-alarm", "echo \"$COOKTIMER_RECIPE|$COOKTIMER_TIMER|$COOKTIMER_STEP\" >> \(log)",
      ],
      environment: box.environment)
    #expect(repl.waitForPrompt())
    let first = try box.json("start quick --json")
    let firstID = try #require(first["id"] as? String)
    #expect(repl.wait(for: "⏰", timeout: 6) != nil)
    _ = try box.run(["stop", firstID])
    // A second run, paused at once by another process: no alarm within 3.5 s.
    let second = try box.json("start quick --json")
    _ = try box.run(["pause", try #require(second["id"] as? String)])
    let mark = repl.offset
    #expect(repl.wait(for: "⏰", after: mark, timeout: 3.5) == nil, "\(repl.screen)")
    repl.type("\u{04}")
    #expect(repl.waitForExit() == 0)
    let lines = try String(contentsOfFile: log, encoding: .utf8)
    #expect(lines == "Quick|egg|1\n")
  }

  /// Tab completes commands first, then recipe names; history comes back in a new session.
  @Test func completionAndHistory() throws {
    let box = try Sandbox(copyShippedRecipes: true)
    let repl = try PseudoTerminal(environment: box.environment)
    #expect(repl.waitForPrompt())
    repl.type("reci\t")
    #expect(repl.wait(for: "recipes ") != nil, "\(repl.screen)")
    repl.type("\u{15}")  // Ctrl-U: clear the line
    repl.type("show spag\t")
    #expect(repl.wait(for: "show spaghetti") != nil, "\(repl.screen)")
    repl.type("\r")
    #expect(repl.wait(for: "Spaghetti mit Tomatensoße  (") != nil, "\(repl.screen)")
    #expect(repl.waitForPrompt())
    repl.type("\u{04}")
    #expect(repl.waitForExit() == 0)
    let history = box.folder.appendingPathComponent("state/cooktimer/history").path
    let mode = try FileManager.default.attributesOfItem(atPath: history)[.posixPermissions] as? Int
    #expect(mode == 0o600)

    let again = try PseudoTerminal(environment: box.environment)
    #expect(again.waitForPrompt())
    let mark = again.offset
    again.type("\u{1b}[A")  // Up arrow
    #expect(again.wait(for: "show spaghetti", after: mark) != nil, "\(again.screen)")
    again.type("\u{15}\u{04}")
    #expect(again.waitForExit() == 0)
  }

  /// A REPL with a tea run started, showing `watch`; `mark` is where `watch` was typed.
  private func watchingTea() throws -> (box: Sandbox, repl: PseudoTerminal, mark: Int) {
    let box = try Sandbox(copyShippedRecipes: true)
    try box.run("start tea")
    let repl = try PseudoTerminal(environment: box.environment)
    #expect(repl.waitForPrompt())
    let mark = repl.offset
    repl.type("watch\r")
    #expect(repl.wait(for: "cooktimer watch — ", after: mark) != nil, "\(repl.screen)")
    return (box, repl, mark)
  }

  /// `watch` shows the countdown on the alternate screen; `p` pauses the run; `q` restores
  /// the screen and the prompt.
  @Test func watchShowsCountdownsAndTakesKeys() throws {
    let (box, repl, mark) = try watchingTea()
    #expect(repl.wait(for: "\u{1b}[?1049h", after: mark) != nil, "no alternate screen")
    #expect(repl.wait(for: "tea ") != nil)
    repl.type("p")
    #expect(repl.wait(for: "step 1 of 1, paused") != nil, "\(repl.screen)")
    repl.type("q")
    #expect(repl.wait(for: "\u{1b}[?1049l") != nil, "screen not restored")
    #expect(repl.waitForPrompt())
    repl.type("\u{04}")
    #expect(repl.waitForExit() == 0)
    let status = try box.json("status --json")
    #expect((status["runs"] as? [[String: Any]])?.first?["phase"] as? String == "paused")
  }

  /// SIGTERM inside `watch` restores the screen and ends the program (143).
  @Test func terminationInsideWatchRestoresTheScreen() throws {
    let (_, repl, _) = try watchingTea()
    kill(repl.process.processIdentifier, SIGTERM)
    #expect(repl.waitForExit() == 143)
    #expect(repl.screen.hasSuffix("\u{1b}[?25h\u{1b}[?1049l"), "\(repl.screen.suffix(40))")
  }

  /// `serve` and the REPL on one database: a run the app starts over HTTP rings in the REPL
  /// on time; a pause typed at the REPL is what `GET /v1/runs/{id}` answers right after.
  @Test(.tags(.timing)) func theAppAndTheREPLSeeEachOthersChanges() throws {
    let box = try Sandbox()
    try box.write(recipe: "quick", Self.quick)
    try box.write(recipe: "tea", ServeTests.tea)
    let server = try ServeProcess(box, arguments: ["--listen", "127.0.0.1:0", "--no-send"])
    let repl = try PseudoTerminal(environment: box.environment)
    #expect(repl.waitForPrompt(), "\(repl.screen)")

    let mark = repl.offset
    let started = try server.request("POST", "/v1/runs", json: #"{"recipe": "quick"}"#)
    #expect(started.status == 201)
    let run = try #require(
      try JSONSerialization.jsonObject(with: Data(started.body.utf8)) as? [String: Any])
    let end = try endDate(run)
    let rang = try #require(repl.wait(for: "⏰", after: mark, timeout: 6), "\(repl.screen)")
    let late = rang.timeIntervalSince(end)
    #expect(late >= 0 && late < 0.25, "alarm of a run started over HTTP: \(late) s late")
    #expect(repl.wait(for: "⏰ Quick — egg is done", after: mark, timeout: 1) != nil)
    // The prompt comes back under the alarm line (the bell rings after it).
    #expect(
      repl.wait(for: "done · `next`: step 2 — Then serve.\r\ncooktimer> ", after: mark) != nil)

    let tea = try server.request("POST", "/v1/runs", json: #"{"recipe": "tea"}"#)
    let id = try #require(runIDs(in: tea.body).first)
    let typed = repl.offset
    repl.type("pause \(id)\r")
    #expect(repl.wait(for: "\(id) paused: Tea", after: typed) != nil, "\(repl.screen)")
    let seen = try server.request("GET", "/v1/runs/\(id)")
    #expect(seen.status == 200)
    #expect(seen.body.contains(#""phase":"paused""#), "\(seen.body)")
    #expect(repl.waitForPrompt())

    repl.type("\u{04}")
    #expect(repl.waitForExit() == 0, "\(repl.screen)")
    #expect(server.stop() == 0)
  }

  private func endDate(_ run: [String: Any]) throws -> Date {
    let timers = try #require(run["timers"] as? [[String: Any]])
    let text = try #require(timers.first?["endDate"] as? String)
    // On the processes' clock; the pseudo-terminal stamps output with this process's.
    return try Date(
      text, strategy: .iso8601.year().month().day().time(includingFractionalSeconds: true)
    ).addingTimeInterval(-Sandbox.clockOffset)
  }
}
