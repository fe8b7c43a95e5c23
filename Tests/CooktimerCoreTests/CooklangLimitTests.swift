import CooktimerTestSupport
import Testing

@testable import CooktimerCore

/// The documented limits (docs/recipes.md §2) and garbage that must not pass for a recipe.
@Suite struct CooklangLimitTests {
  func messages(_ source: String) -> [String] {
    Cooklang.parse(source, file: "x.cook").diagnostics.map(\.description)
  }

  @Test func aFileOverOneMebibyteIsRefusedUnparsed() {
    let big = String(repeating: "Stir ~{1%min}.\n\n", count: 70_000)  // 1,120,000 bytes
    let result = Cooklang.parse(big, file: "x.cook")
    #expect(result.recipe == nil && result.document.steps.isEmpty)
    #expect(
      result.diagnostics.map(\.description) == [
        "x.cook:1:1: error: the file is 1,120,000 bytes; a recipe is at most 1,048,576 bytes (1 MiB)"
      ])
  }

  /// One byte over reads as over: rounded to a tenth of a MiB it read "1.0 MiB; at most 1 MiB".
  @Test func aFileOneByteOverSaysItsExactSize() {
    let source = String(repeating: "a", count: 9_999) + "\n"
    let big = String(repeating: source, count: 104) + String(repeating: "b", count: 8_577)
    #expect(big.utf8.count == 1_048_577)
    #expect(
      messages(big) == [
        "x.cook:1:1: error: the file is 1,048,577 bytes; a recipe is at most 1,048,576 bytes (1 MiB)"
      ])
    #expect(messages(String(big.dropLast())).allSatisfy { !$0.contains("bytes") })
  }

  @Test func aLongLineIsRefusedAtItsPlace() {
    let source = "Boil.\n\n" + String(repeating: "a", count: 10_001) + "\n"
    #expect(messages(source) == ["x.cook:3:10001: error: the line is longer than 10000 characters"])
    #expect(messages(String(repeating: "é", count: 10_000)) == [])
  }

  @Test func tooManyStepsOrTimers() {
    let steps = Array(repeating: "Stir.", count: 1_001).joined(separator: "\n\n")
    #expect(
      messages(steps) == [
        "x.cook:2001:1: error: the recipe has 1001 steps; a recipe has at most 1000"
      ])
    let timers = String(repeating: "~{1%s} ", count: 1_001)
    #expect(
      messages(timers) == [
        "x.cook:1:7001: error: the recipe has 1001 timers; a recipe has at most 1000"
      ])
  }

  @Test func bytesThatAreNotUTF8AreRefusedAtTheFirstBadOne() {
    let bytes = Array("Boil\r\nthe é ".utf8) + [0xFF] + Array(" water.".utf8)
    let result = Cooklang.parse(bytes: bytes, file: "x.cook")
    #expect(result.recipe == nil)
    #expect(
      result.diagnostics.map(\.description) == [
        "x.cook:2:7: error: the file is not UTF-8 text (byte 0xFF)"
      ])
  }

  /// 3,000 random bytes are not "a recipe with 7 timers".
  @Test func randomBytesAreNoRecipe() {
    var generator = SplitMix64(seed: 15)
    for _ in 0..<20 {
      let bytes = (0..<3_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let result = Cooklang.parse(bytes: bytes, file: "x.cook")
      #expect(result.recipe == nil)
      #expect(result.errors.first?.message.hasPrefix("the file is not UTF-8 text") == true)
    }
  }

  /// One unclosed `{` no longer refuses the recipe (issue 23): the sign takes one word, the
  /// rest stays text, and the fault is a warning at file:line:column.
  @Test(arguments: [
    (
      "Boil ~egg{5%min.", "Boil egg{5%min.",
      [
        "x.cook:1:6: warning: timer \"~egg\" has no duration; the cook is asked for one",
        "x.cook:1:10: warning: \"{\" is never closed on this line: the amount is read as text; end it with \"}\"",
      ]
    ),
    (
      "Add\n@olive oil{2%tbsp and stir.", "Add olive oil{2%tbsp and stir.",
      [
        "x.cook:2:11: warning: \"{\" is never closed on this line: the amount is read as text; end it with \"}\""
      ]
    ),
    (
      "Into #big pot{ now.", "Into big pot{ now.",
      [
        "x.cook:1:14: warning: \"{\" is never closed on this line: the amount is read as text; end it with \"}\""
      ]
    ),
  ])
  func anUnclosedAmountIsAWarning(source: String, text: String, messages: [String]) throws {
    let result = Cooklang.parse(source, file: "x.cook")
    let recipe = try #require(result.recipe)
    #expect(recipe.steps.map(\.text) == [text])
    #expect(result.diagnostics.map(\.description) == messages)
  }

  /// One limit everywhere: the engine's 7 days (`add 99999h` is refused the same way).
  @Test func aTimerOverSevenDaysWaitsForALength() throws {
    let result = Cooklang.parse("Age ~egg{99999%hours}.", file: "x.cook")
    #expect(
      result.diagnostics.map(\.description) == [
        "x.cook:1:5: warning: the timer lasts 4166 d 15 h, longer than 7 days: it waits for a length (`begin TIMER DURATION`)"
      ])
    let timer = try #require(result.recipe?.steps.first?.timers.first)
    #expect(timer.duration == nil && timer.name == "egg")
    let week = Cooklang.parse("Age ~{7%days}, ~{1-200%days}.", file: "x.cook")
    #expect(week.recipe?.steps.first?.timers.map(\.duration) == [Run.longestTimer, 86_400_000])
    #expect(week.recipe?.steps.first?.timers.last?.upperDuration == nil)
    #expect(
      week.warnings.map(\.description) == [
        "x.cook:1:16: warning: the timer's upper bound 200 d is longer than 7 days: only its lower bound is kept"
      ])
  }
}
