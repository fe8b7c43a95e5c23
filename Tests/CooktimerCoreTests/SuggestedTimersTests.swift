import Testing

@testable import CooktimerCore

@Suite struct SuggestedTimersTests {
  func parsed(_ source: String) throws -> (Recipe, CooklangDocument) {
    let result = Cooklang.parse(source, file: "x.cook")
    return (try #require(result.recipe), result.document)
  }

  /// A duration that is already a timer (or its range's lower bound) is not offered again.
  @Test func writtenTimersAreNotSuggested() throws {
    let (_, document) = try parsed("Fry ~{5%minutes}, then 1 to ~{2%minutes}; rest 10 minutes.")
    #expect(
      SuggestedTimers.of(document.steps[0]).map(\.text) == ["10 minutes"])
    #expect(SuggestedTimers.of(document.steps[0]).map(\.span) == [41..<51])
  }

  @Test func addingKeepsTheOrderWrittenAndTheWordsBetween() throws {
    let (recipe, document) = try parsed(
      "Simmer 20 minutes; meanwhile boil the pasta ~{9%minutes}, or bake it 15 min.")
    let timers = SuggestedTimers.adding(to: recipe, from: document).steps[0].timers
    #expect(
      timers == [
        TimerSpec(name: "", duration: 1_200_000, quantity: "20 minutes", start: .withStep),
        TimerSpec(
          name: "", duration: 540_000, quantity: "9", unit: "minutes", start: .withPrevious),
        TimerSpec(
          name: "", duration: 900_000, quantity: "15 min", start: .alternativeToPrevious),
      ])
  }
}
