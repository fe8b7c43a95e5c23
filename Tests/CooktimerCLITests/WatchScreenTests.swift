import CooktimerPTY
import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerCLI

/// `watch` with more timers than rows and lines wider than the screen: lines end in `…`
/// at the screen's width, and the header stays on the screen.
@Suite("watch fits the screen", .serialized, .ownThread)
struct WatchScreenTests {
  @Test func theFrameIsCutToTheScreen() {
    let lines = WatchScreen.fit(
      header: ["cooktimer watch — 18:00:00   keys", ""],
      body: (1...10).map { "timer \($0) " + String(repeating: "█", count: $0) },
      messages: ["a message"], width: 12, rows: 8)
    #expect(
      lines == [
        "cooktimer w…", "", "timer 1 █", "timer 2 ██", "timer 3 ███", "timer 4 ████",
        "… 6 more li…", "a message",
      ])
    // A screen smaller than the header keeps what of the header fits.
    #expect(
      WatchScreen.fit(header: ["a", "b"], body: ["c"], messages: [], width: 5, rows: 1) == ["a"])
  }

  /// 60 timers of one run on a 40 × 120 terminal: the drawn frame has at most 40 lines, the
  /// header first, and the long step line ends in `…` at column 120.
  @Test func manyTimersUnderAPseudoTerminal() throws {
    let box = try Sandbox()
    let timers = (1...60).map { "~t\($0){\($0 + 10)%minutes}" }.joined(separator: " and ")
    try box.write(
      recipe: "many",
      "Watch every pan on the stove and keep stirring the sauce so nothing burns at the bottom, "
        + "all at once: " + timers + ".\n")
    try box.run(["start", "many"])
    let repl = try PseudoTerminal(environment: box.environment)
    #expect(repl.waitForPrompt(), "\(repl.screen)")
    let mark = repl.offset
    repl.type("watch\r")
    #expect(repl.wait(for: "cooktimer watch — ", after: mark) != nil, "\(repl.screen)")
    #expect(repl.wait(for: "more lines: `status` lists every timer", after: mark) != nil)
    repl.type("q")
    #expect(repl.wait(for: "\u{1b}[?1049l", after: mark) != nil, "screen not restored")
    let drawn = String(decoding: repl.output[mark...], as: UTF8.self)
    let frames = drawn.components(separatedBy: "\u{1b}[H").dropFirst()
    let frame = try #require(frames.first { $0.contains("\u{1b}[J") })
    let lines = frame.components(separatedBy: "\u{1b}[K\r\n")
    #expect(lines.count <= 40, "\(lines.count) lines")
    #expect(lines.first?.hasPrefix("cooktimer watch — ") == true)
    let step = try #require(lines.first { $0.hasPrefix("    Watch every pan") })
    #expect(step.count == 120 && step.hasSuffix("…"), "\(step)")
    #expect(repl.waitForPrompt(), "\(repl.screen.suffix(300))")
    repl.type("\u{04}")
    #expect(repl.waitForExit() == 0)
  }
}
