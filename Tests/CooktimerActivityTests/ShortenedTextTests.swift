import CooktimerActivity
import Testing

@Suite struct ShortenedTextTests {
  @Test func textWithinTheLimitIsUnchanged() {
    let text = String(repeating: "a", count: 80)
    #expect(shortenedText(text) == text)
  }

  @Test func cutsAtAWordBoundaryWithAnEllipsis() {
    let text = String(repeating: "word ", count: 20)  // 100 characters
    let short = shortenedText(text)
    #expect(short.count <= 80)
    // 79 characters end on a whole word: 16 words, then "…" makes 80.
    #expect(short == String(repeating: "word ", count: 16).dropLast() + "…")
    #expect(
      shortenedText(text, limit: 78) == String(repeating: "word ", count: 15).dropLast() + "…")
  }

  @Test func aCutRightBeforeASpaceKeepsTheWholeWord() {
    #expect(shortenedText("abcd efgh", limit: 5) == "abcd…")
    #expect(shortenedText("abc defgh", limit: 5) == "abc…")
  }

  @Test func oneLongWordIsCutInside() {
    #expect(shortenedText("Rindfleischsuppe", limit: 6) == "Rindf…")
  }

  @Test func countsCharactersNotBytes() {
    let family = "👨‍👩‍👧"
    let text = String(repeating: family + " ", count: 50)
    let short = shortenedText(text)
    #expect(short.count <= 80)
    #expect(short.hasPrefix(family))
    #expect(short.hasSuffix(family + "…"))
  }

  @Test func tinyLimits() {
    #expect(shortenedText("hello world", limit: 1) == "…")
    #expect(shortenedText("hello world", limit: 0) == "")
  }
}
