import CooktimerPTY
import CooktimerTestSupport
import Testing

/// `--now` stops the clock, so at the REPL nothing would ring: refused there, at start-up
/// (exit 64) and on a line (the prompt goes on).
@Suite("--now at the REPL", .serialized, .ownThread)
struct REPLNowTests {
  static let message =
    "cooktimer: --now does not work at the REPL: it stops the clock, so no alarm would ring; "
    + "give it to one-shot commands (`cooktimer status --now TIME`)"

  @Test func theREPLRefusesToStartWithNow() throws {
    let box = try Sandbox()
    let repl = try PseudoTerminal(
      arguments: ["--now", "2026-11-29T18:00:00Z"], environment: box.environment)
    #expect(repl.waitForExit() == 64)
    #expect(repl.screen == Self.message + "\r\n")
  }

  @Test func aLineWithNowIsRefusedAndThePromptGoesOn() throws {
    let box = try Sandbox()
    let repl = try PseudoTerminal(environment: box.environment)
    #expect(repl.waitForPrompt(), "\(repl.screen)")
    let mark = repl.offset
    repl.type("status --now 2026-11-29T18:00:00Z\r")
    #expect(repl.wait(for: Self.message + "\r\n", after: mark) != nil, "\(repl.screen)")
    #expect(repl.waitForPrompt(), "\(repl.screen)")
    repl.type("\u{04}")
    #expect(repl.waitForExit() == 0)
  }
}
