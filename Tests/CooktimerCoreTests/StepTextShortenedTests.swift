import CooktimerCore
import Testing

@Suite struct StepTextShortenedTests {
  @Test func textWithinTheLimitIsUnchanged() {
    let text = String(repeating: "a", count: 80)
    #expect(StepText.shortened(text, to: 80) == text)
  }

  @Test func cutsAtAWordBoundaryWithAnEllipsis() {
    let text = String(repeating: "word ", count: 20)  // 100 characters
    let short = StepText.shortened(text, to: 80)
    #expect(short.count <= 80)
    // 79 characters end on a whole word: 16 words, then "…" makes 80.
    #expect(short == String(repeating: "word ", count: 16).dropLast() + "…")
    #expect(
      StepText.shortened(text, to: 78) == String(repeating: "word ", count: 15).dropLast() + "…")
  }

  @Test func aCutRightBeforeASpaceKeepsTheWholeWord() {
    #expect(StepText.shortened("abcd efgh", to: 5) == "abcd…")
    #expect(StepText.shortened("abc defgh", to: 5) == "abc…")
  }

  @Test func oneLongWordIsCutInside() {
    #expect(StepText.shortened("Rindfleischsuppe", to: 6) == "Rindf…")
  }

  @Test func countsCharactersNotBytes() {
    let family = "👨‍👩‍👧"
    let text = String(repeating: family + " ", count: 50)
    let short = StepText.shortened(text, to: 80)
    #expect(short.count <= 80)
    #expect(short.hasPrefix(family))
    #expect(short.hasSuffix(family + "…"))
  }

  @Test func tinyLimits() {
    #expect(StepText.shortened("hello world", to: 1) == "…")
    #expect(StepText.shortened("hello world", to: 0) == "")
  }
}
