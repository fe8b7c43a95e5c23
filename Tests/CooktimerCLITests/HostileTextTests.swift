import CooktimerPTY
import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerCLI

/// A downloaded recipe that tries to retitle the terminal (`ESC ]0;…BEL`), wipe the screen
/// (`ESC [2J`), reorder text with a bidi override and hide a NUL: every human output shows
/// those characters replaced visibly; JSON keeps them exactly.
@Suite("Hostile text never reaches the terminal raw", .serialized, .ownThread)
struct HostileTextTests {
  static let recipe =
    "---\ntitle: \"Tea\\e]0;PWNED\\a\"\n---\n"
    + "Steep\u{1B}[2J \u{202E}gnihton\u{202C} \u{0}x ~tea{2%seconds}.\n\nServe @milk{1%cup}.\n"
  static let title = "Tea\u{241B}]0;PWNED\u{2407}"
  static let step = "Steep\u{241B}[2J \u{FFFD}gnihton\u{FFFD} \u{2400}x 2 seconds."
  static let now = ["--now", "2026-11-29T10:00:00Z"]

  @Test func theRuleReplacesVisibly() {
    #expect(TerminalText.line("a\u{1B}[2J\u{7F}\u{9B}b") == "a\u{241B}[2J\u{2421}\u{FFFD}b")
    #expect(TerminalText.line("x\u{200B}y\u{2066}z\u{200F}") == "x\u{FFFD}y\u{FFFD}z\u{FFFD}")
    #expect(TerminalText.line("  two\n\r\tlines  ") == "two lines")
    // A joiner inside an emoji sequence is kept; between letters it hides a split.
    #expect(TerminalText.line("👨\u{200D}🍳 a\u{200D}b") == "👨\u{200D}🍳 a\u{FFFD}b")
    #expect(TerminalText.block("one\r\ntwo\n\tthree\u{0}") == "one\ntwo\n\tthree\u{2400}")
    #expect(TerminalText.block("Spaghetti — 1 step, ⏱ 5:00") == "Spaghetti — 1 step, ⏱ 5:00")
  }

  @Test func everyCommandEscapesWhatItPrints() throws {
    let box = try Sandbox()
    try box.write(recipe: "evil", Self.recipe)
    let recipes = try box.run(["recipes"])
    #expect(recipes.stdout == "evil  \(Self.title) — 2 steps, 1 timer\n")
    let show = try box.run(["show", "evil"])
    #expect(
      show.stdout == """
        \(Self.title)  (\(box.recipes)/evil.cook)
        Ingredients:
          1 cup  milk
          1. \(Self.step)
                    ⏱ tea 2 s
          2. Serve milk.

        """)
    let start = try box.run(["start", "evil"] + Self.now)
    let id = String(start.stdout.dropFirst("Started ".count).prefix(10))
    #expect(
      start.stdout == """
        Started \(id): \(Self.title)
        \(id)  \(Self.title) — step 1 of 2, running
             \(Self.step)
            1  tea  running  0:02  ends 10:00:02

        """)
    let status = try box.run(["status", "--now", "2026-11-29T10:00:01Z"])
    #expect(
      status.stdout == """
        \(id)  \(Self.title) — step 1 of 2, running
             \(Self.step)
            1  tea  running  0:01  ends 10:00:02

        """)
    let timeline = try box.run(["timeline"] + Self.now)
    #expect(
      timeline.stdout.hasPrefix("\(id)  \(Self.title)\n  step 1  10:00:00 → 10:00:02  \(Self.step)")
    )
    // JSON keeps the recipe's text exactly, every control `\u`-escaped: C0 (the encoder),
    // and bidi, C1 and DEL (``JSONSafety``).
    let json = try box.run(["status", id, "--json"] + Self.now)
    #expect(json.stdout.contains("\"recipe\":\"Tea\\u001b]0;PWNED\\u0007\""))
    #expect(json.stdout.contains("\"stepName\":\"Steep\\u001b[2J \\u202egnihton\\u202c \\u0000x"))
    let next = try box.run(["next", "--now", "2026-11-29T10:00:03Z"])
    #expect(next.stdout == "\(id) moved on: \(Self.title) — step 2 of 2, waiting\n  Serve milk.\n")
  }

  @Test func messagesTokensAndDeliveriesEscapeToo() throws {
    let box = try Sandbox()
    try box.write(recipe: "evil", Self.recipe)
    let missing = try box.run(["show", "\u{1B}[2Jx\u{202E}"])
    #expect(
      missing.stderr == "cooktimer: no recipe \"\u{241B}[2Jx\u{FFFD}\"; `recipes` lists them\n")
    _ = try box.run(["start", "evil"] + Self.now)
    let run = try box.run(["status", "a\u{7}\u{9B}"])
    #expect(
      run.stderr == "cooktimer: no run \"a\u{2407}\u{FFFD}\"; `status` lists the active runs\n")
    // Control characters in a device name are refused outright (issue 26, exit 65); a bidi
    // control is kept and shown replaced.
    let refused = try box.run([
      "token", "add", "push-to-start", "abcdef0123456789abcdef0123456789", "--device",
      "my\u{1B}]0;x\u{7}phone",
    ])
    #expect(refused.status == 65 && refused.stdout.isEmpty)
    let token = try box.run([
      "token", "add", "push-to-start", "abcdef0123456789abcdef0123456789", "--device",
      "my\u{202E}phone",
    ])
    #expect(token.stdout == "Added push-to-start  abcdef01…  my\u{FFFD}phone\n")
    #expect(try box.run(["token", "list"]).stdout == "push-to-start  abcdef01…  my\u{FFFD}phone\n")
    let insert = Process()
    insert.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    insert.arguments = [
      "sqlite3", box.db,
      "INSERT INTO deliveries (push_id, run_id, event, token, apns_id, status, reason, at_ms) "
        + "VALUES (1, 'x', 'start', 'abcdef0123', 'A-1', 400, "
        + "char(27) || '[2JBad' || char(8238) || 'Token', 1795946400000)",
    ]
    try insert.run()
    insert.waitUntilExit()
    try #require(insert.terminationStatus == 0, "sqlite3 is needed")
    #expect(
      try box.run(["deliveries"]).stdout
        == "2026-11-29T10:00:00.000Z  push 1  x  start  abcdef01  400 \u{241B}[2JBad\u{FFFD}Token  A-1\n"
    )
  }

  /// The REPL's greeting, its alarm line and `watch`, on a pseudo-terminal: nothing raw.
  @Test func theREPLScreenShowsItEscaped() throws {
    let box = try Sandbox()
    try box.write(recipe: "evil", Self.recipe)
    let started = try box.json("start evil --json")
    let id = try #require(started["id"] as? String)
    let repl = try PseudoTerminal(environment: box.environment)
    #expect(repl.waitForPrompt(), "\(repl.screen)")
    #expect(repl.screen.contains("Active runs:\r\n  \(id)  \(Self.title) — step 1 of 2, "))
    #expect(
      repl.wait(for: "⏰ \(Self.title) — tea is done · `next`: step 2 — Serve milk.", timeout: 6)
        != nil, "\(repl.screen)")
    let mark = repl.offset
    repl.type("watch\r")
    #expect(repl.wait(for: "\(id)  \(Self.title) — step 1 of 2, waiting", after: mark) != nil)
    #expect(repl.wait(for: "    \(Self.step)", after: mark) != nil, "\(repl.screen)")
    repl.type("q")
    #expect(repl.waitForPrompt())
    repl.type("\u{04}")
    #expect(repl.waitForExit() == 0)
    for raw in ["\u{1B}]0;", "\u{1B}[2J", "\u{202E}", "\u{0}"] {
      #expect(!repl.screen.contains(raw), "raw \(raw.unicodeScalars.map(\.value)) on screen")
    }
  }
}
