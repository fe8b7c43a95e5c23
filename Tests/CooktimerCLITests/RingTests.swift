import CooktimerPTY
import CooktimerTestSupport
import Foundation
import Testing

/// Alarms a cook cannot miss, under a pseudo-terminal: the ring repeats until acknowledged
/// (a key, `ok`, or `ok RUN` from elsewhere), hooks run side by side and are waited for,
/// missed alarms run the hook, and what rang inside `watch` stays in the scrollback.
@Suite("REPL alarms ring until acknowledged", .serialized, .tags(.timing), .ownThread)
struct RingTests {
  static let quick = "---\ntitle: Quick\n---\nWait ~egg{1%second}.\n\nThen serve.\n"
  static let alarm = " ⏰ Quick — egg is done · `next`: step 2 — Then serve."

  func repl(_ box: Sandbox, _ arguments: [String] = [], interval: String = "0.4") throws
    -> PseudoTerminal
  {
    var environment = box.environment
    environment["COOKTIMER_RING_INTERVAL"] = interval
    return try PseudoTerminal(arguments: arguments, environment: environment)
  }

  func log(_ box: Sandbox) -> String {
    (try? String(contentsOfFile: box.folder.path + "/hook.log", encoding: .utf8)) ?? ""
  }

  func hook(_ box: Sandbox) -> [String] {
    ["--on-alarm", "echo \"$COOKTIMER_EVENT $COOKTIMER_TIMER\" >> \(box.folder.path)/hook.log"]
  }

  @Test func theRingRepeatsUntilAKey() throws {
    let box = try Sandbox()
    try box.write(recipe: "quick", Self.quick)
    let repl = try repl(box, hook(box))
    #expect(repl.waitForPrompt())
    let id = try #require(try box.json("start quick --json")["id"] as? String)
    #expect(repl.wait(for: "[\(id)] ", timeout: 5) != nil, "\(repl.screen)")
    let first = try #require(repl.wait(for: "reminder: [\(id)] ", timeout: 3), "\(repl.screen)")
    let mark = repl.offset
    #expect(repl.wait(for: "reminder: [\(id)] ", after: mark, timeout: 3) != nil)
    #expect(repl.screen.contains(Self.alarm))
    #expect(repl.screen.contains("· any key or `ok` stops the ring"), "\(repl.screen)")
    // A reminder repeats what is done, not what came next when it fired (that may be past).
    let reminders = repl.screen.components(separatedBy: "\r\n").filter {
      $0.contains("reminder: [\(id)]")
    }
    #expect(!reminders.isEmpty, "\(repl.screen)")
    for line in reminders {
      #expect(line.contains(" ⏰ Quick — egg is done"), "\(line)")
      #expect(!line.contains("`next`"), "\(line)")
    }
    #expect(Date().timeIntervalSince(first) < 2)
    let quiet = repl.offset
    repl.type("ok\r")  // its first key stops the ring; the line still runs
    #expect(repl.wait(for: "Ring stopped.", after: quiet) != nil, "\(repl.screen)")
    #expect(repl.wait(for: "reminder:", after: quiet, timeout: 1.5) == nil, "\(repl.screen)")
    repl.type("\u{04}")
    #expect(repl.waitForExit() == 0)
    let events = log(box).split(separator: "\n")
    #expect(events.first == "timerFired egg")
    #expect(events.dropFirst().allSatisfy { $0 == "reminder egg" } && events.count >= 3)
  }

  @Test func onceRingsOnceAndOkElsewhereStopsTheRing() throws {
    let box = try Sandbox()
    try box.write(recipe: "quick", Self.quick)
    let once = try repl(box, ["--ring", "once"])
    #expect(once.waitForPrompt())
    let first = try #require(try box.json("start quick --json")["id"] as? String)
    #expect(once.wait(for: Self.alarm, timeout: 5) != nil, "\(once.screen)")
    #expect(once.wait(for: "reminder:", timeout: 1.5) == nil, "\(once.screen)")
    once.type("ok\r")
    #expect(once.wait(for: "No alarm is ringing.") != nil, "\(once.screen)")
    #expect(once.waitForPrompt(), "\(once.screen)")
    // Leaving is not what this test is about (Ctrl-D is, elsewhere): `quit` at the prompt.
    once.type("quit\r")
    #expect(once.waitForExit() == 0, "\(once.screen)")
    _ = try box.run(["stop", first])

    let repeating = try repl(box)
    #expect(repeating.waitForPrompt())
    let id = try #require(try box.json("start quick --json")["id"] as? String)
    #expect(repeating.wait(for: "reminder: [\(id)]", timeout: 5) != nil, "\(repeating.screen)")
    let ok = try box.run(["ok", id])
    #expect(ok.status == 0 && ok.stdout.hasPrefix("\(id): alarms up to "), "\(ok.stderr)")
    let mark = repeating.offset
    // Noticed at the next poll (at most a second), then quiet.
    _ = repeating.wait(for: "reminder:", after: mark, timeout: 1.2)
    let settled = repeating.offset
    #expect(repeating.wait(for: "reminder:", after: settled, timeout: 1.5) == nil)
    repeating.type("\u{04}")
    #expect(repeating.waitForExit() == 0)
  }

  /// Issue 26: after `next` from elsewhere, the REPL kept ringing "quick is done" until a key.
  @Test func nextElsewhereStopsTheRing() throws {
    let box = try Sandbox()
    try box.write(recipe: "quick", Self.quick)
    let repl = try repl(box)
    #expect(repl.waitForPrompt())
    let id = try #require(try box.json("start quick --json")["id"] as? String)
    #expect(repl.wait(for: "reminder: [\(id)]", timeout: 5) != nil, "\(repl.screen)")
    let next = try box.run(["next", id])
    #expect(next.status == 0, "\(next.stderr)")
    // Noticed at the next poll (at most a second), then quiet.
    _ = repl.wait(for: "reminder:", after: repl.offset, timeout: 1.2)
    let settled = repl.offset
    #expect(repl.wait(for: "reminder:", after: settled, timeout: 1.5) == nil, "\(repl.screen)")
    repl.type("\u{04}")
    #expect(repl.waitForExit() == 0)
  }

  /// A hook that takes 3 s does not hold back the next alarm's; Ctrl-D waits for both.
  @Test func aSlowHookNeverDelaysTheNext() throws {
    let box = try Sandbox()
    try box.write(recipe: "slow", "Wait ~slow{1%second}.\n")
    try box.write(recipe: "fast", "Wait ~fast{2%seconds}.\n")
    let command =
      "case $COOKTIMER_TIMER in slow) sleep 2;; esac; echo \"$COOKTIMER_EVENT $COOKTIMER_TIMER\" >> \(box.folder.path)/hook.log"
    let repl = try repl(box, ["--on-alarm", command, "--ring", "once"])
    #expect(repl.waitForPrompt())
    _ = try box.run(["start", "slow"])
    _ = try box.run(["start", "fast"])
    #expect(repl.wait(for: "fast is done", timeout: 5) != nil, "\(repl.screen)")
    let deadline = Date().addingTimeInterval(1.5)
    while log(box).isEmpty && Date() < deadline { usleep(20_000) }  // waits for a file, not logic
    #expect(log(box) == "timerFired fast\n", "the fast hook waited for the slow one")
    repl.type("\u{04}")  // the slow hook is still running: the REPL waits for it
    #expect(repl.waitForExit() == 0)
    #expect(log(box) == "timerFired fast\ntimerFired slow\n")
  }

  @Test func missedAlarmsRunTheHookAtStartUp() throws {
    let box = try Sandbox()
    try box.write(recipe: "quick", Self.quick)
    _ = try box.run(["start", "quick", "--now", "2026-11-29T10:00:00Z"])
    var environment = box.environment
    environment["COOKTIMER_CLOCK_OFFSET"] = Sandbox.offset(
      reading: Date(timeIntervalSince1970: 1_795_946_460.2))
    let repl = try PseudoTerminal(
      arguments: hook(box) + ["--ring", "once"], environment: environment)
    #expect(repl.waitForPrompt())
    #expect(repl.screen.contains("missed: ["))
    repl.type("\u{04}")
    #expect(repl.waitForExit() == 0)
    #expect(log(box) == "missed egg\n")
  }

  @Test func anAlarmInsideWatchStaysInTheScrollback() throws {
    let box = try Sandbox()
    try box.write(recipe: "quick", Self.quick)
    let repl = try repl(box, ["--ring", "once"])
    #expect(repl.waitForPrompt())
    let id = try #require(try box.json("start quick --json")["id"] as? String)
    repl.type("watch\r")
    #expect(repl.wait(for: "cooktimer watch — ") != nil)
    #expect(repl.wait(for: Self.alarm, timeout: 5) != nil, "\(repl.screen)")
    let mark = repl.offset
    repl.type("q")
    #expect(repl.wait(for: "\u{1b}[?1049l[\(id)] ", after: mark) != nil, "\(repl.screen)")
    #expect(repl.waitForPrompt())
    repl.type("\u{04}")
    #expect(repl.waitForExit() == 0)
  }
}
