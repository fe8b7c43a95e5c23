import CooktimerPTY
import CooktimerTestSupport
import Testing

@testable import CooktimerCLI

/// `status` on a terminal wraps a long step at word boundaries to the screen's width;
/// through a pipe each step stays one line, as scripts read it.
@Suite("status wraps long steps", .serialized, .ownThread)
struct StatusWrapTests {
  static let step =
    "Stir the onions in the butter over a low heat until they are soft and golden, which "
    + "takes longer than most recipes admit, then add the garlic and cook until fragrant but "
    + "not brown, stirring now and then so that nothing sticks."

  @Test func statusOnATerminalWrapsAtWords() throws {
    let box = try Sandbox()
    try box.write(recipe: "onions", Self.step + " ~onions{20%minutes}\n")
    let id = try #require(
      try box.json("start onions --json --now 2026-11-29T18:00:00Z")["id"] as? String)
    // The test terminal is 120 columns wide.
    let terminal = try PseudoTerminal(
      arguments: ["status", "--now", "2026-11-29T18:01:00Z"], environment: box.environment)
    #expect(terminal.waitForExit() == 0)
    let expected = [
      "\(id)  onions — step 1 of 1, running",
      "     Stir the onions in the butter over a low heat until they are soft and golden, which takes longer than most recipes",
      "     admit, then add the garlic and cook until fragrant but not brown, stirring now and then so that nothing sticks. 20",
      "     minutes",
      "    1  onions  running  19:00  ends 18:20:00",
      "",
    ]
    #expect(terminal.screen == expected.joined(separator: "\r\n"))
    let piped = try box.run(["status", "--now", "2026-11-29T18:01:00Z"])
    #expect(piped.stdout.contains("\n     \(Self.step) 20 minutes\n"), "\(piped.stdout)")
  }

  @Test func aChangeOnATerminalWrapsTheStepAtWordsToo() throws {
    let box = try Sandbox()
    try box.write(recipe: "onions", "Chop. ~a{1%minute}\n\n" + Self.step + "\n")
    let id = try #require(
      try box.json("start onions --json --now 2026-11-29T18:00:00Z")["id"] as? String)
    let terminal = try PseudoTerminal(
      arguments: ["next", "--now", "2026-11-29T18:01:30Z"], environment: box.environment)
    #expect(terminal.waitForExit() == 0)
    let expected = [
      "\(id) moved on: onions — step 2 of 2, waiting",
      "  Stir the onions in the butter over a low heat until they are soft and golden, which takes longer than most recipes",
      "  admit, then add the garlic and cook until fragrant but not brown, stirring now and then so that nothing sticks.",
      "",
    ]
    #expect(terminal.screen == expected.joined(separator: "\r\n"), "\(terminal.screen)")
  }

  @Test func wordsAreNeverSplit() {
    #expect(
      wordWrapped("aaa bbb ccc ddd", width: 25, indent: "  ") == ["  aaa bbb ccc ddd"])
    let long = String(repeating: "x", count: 30)
    #expect(
      wordWrapped("one \(long) two", width: 25, indent: "  ") == ["  one", "  \(long)", "  two"])
  }
}
