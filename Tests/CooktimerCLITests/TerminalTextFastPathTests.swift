import Testing

@testable import CooktimerCLI

/// Text that is one clean line already comes back as it is; anything else still takes the
/// full rule (HostileTextTests), so the fast paths change no output.
@Suite("Terminal text fast paths")
struct TerminalTextFastPathTests {
  @Test(arguments: [
    "Bringe Wasser in einem großen Topf zum Kochen.", "👨‍🍳 Nudeln", "", "a",
  ])
  func aCleanLineIsItself(_ text: String) {
    #expect(TerminalText.line(text) == text)
  }

  @Test(arguments: [
    (" lead", "lead"), ("trail ", "trail"), ("two  spaces", "two spaces"),
    ("no\u{A0}break", "no break"), ("tab\there", "tab here"), (" ", ""),
  ])
  func spacesStillCollapse(_ text: String, _ expected: String) {
    #expect(TerminalText.line(text) == expected)
  }

  @Test func aBlockKeepsLineEndsAndTabs() {
    #expect(TerminalText.block("one\ntwo\n\tthree") == "one\ntwo\n\tthree")
    #expect(TerminalText.block("one\u{7}two\n") == "one\u{2407}two\n")
  }

  @Test func trailingSpacesGoFromTheEndOnly() {
    #expect("  a b  ".droppingTrailingSpaces == "  a b")
    #expect("   ".droppingTrailingSpaces == "")
    #expect("e\u{301} ".droppingTrailingSpaces == "e\u{301}")
  }
}
