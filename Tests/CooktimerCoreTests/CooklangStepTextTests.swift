import Testing

@testable import CooktimerCore

@Suite struct CooklangStepTextTests {
  @Test func shortTextIsKept() {
    #expect(StepText.shortened("Boil the pasta", to: 80) == "Boil the pasta")
    #expect(StepText.shortened(String(repeating: "a", count: 80), to: 80).count == 80)
  }

  @Test func cutsAtAWordBoundary() {
    #expect(StepText.shortened("Boil the pasta in salted water", to: 16) == "Boil the pasta…")
    #expect(StepText.shortened("Boil the pasta in salted water", to: 15) == "Boil the pasta…")
    #expect(StepText.shortened("Boil the pasta in salted water", to: 14) == "Boil the…")
  }

  @Test func longFirstWordIsCutInside() {
    #expect(StepText.shortened("Donaudampfschifffahrt", to: 10) == "Donaudamp…")
  }

  @Test func eightyCharactersAtMost() {
    let text = String(repeating: "Rühre die Soße 🍝 um, ", count: 10)
    for limit in [1, 2, 5, 79, 80] {
      let short = StepText.shortened(text, to: limit)
      #expect(short.count <= limit)
      #expect(short.hasSuffix("…"))
    }
    #expect(StepText.shortened(text, to: 80) == "Rühre die Soße 🍝 um, Rühre die Soße 🍝 um, Rühre die Soße 🍝 um, Rühre die Soße 🍝…")
  }
}
