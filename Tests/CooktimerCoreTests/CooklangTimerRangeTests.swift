import Testing

@testable import CooktimerCore

/// A range written across two timers, or with its lower bound as a duration in the words,
/// is one timer with a range (issue 23). The engine runs a range's lower bound and shows
/// the range (docs/recipes.md §6).
@Suite struct CooklangTimerRangeTests {
  func timers(_ source: String) throws -> [TimerSpec] {
    let result = Cooklang.parse(source, file: "t.cook")
    #expect(result.diagnostics == [])
    return try #require(result.recipe).steps[0].timers
  }

  @Test func twoTimersJoinedByToAreOneRange() throws {
    #expect(
      try timers("Simmer about ~{2%minutes} to ~{3%minutes}, stirring.") == [
        TimerSpec(
          name: "", duration: 120_000, upperDuration: 180_000, quantity: "2", unit: "minutes",
          start: .withStep)
      ])
  }

  @Test func aDurationBeforeToIsTheLowerBound() throws {
    #expect(
      try timers("Bake 45 minutes to ~{1%hour}.") == [
        TimerSpec(
          name: "", duration: 2_700_000, upperDuration: 3_600_000, quantity: "1", unit: "hour",
          start: .withStep)
      ])
  }

  /// Named timers, words between, or a second timer that is not longer stay two timers.
  @Test(arguments: [
    "Fry ~{2%minutes} then ~{3%minutes}.", "Fry ~a{2%minutes} to ~b{3%minutes}.",
    "Fry ~{3%minutes} to ~{2%minutes}.",
  ])
  func otherPairsStayTwo(source: String) throws {
    #expect(try timers(source).count == 2)
  }

  /// The lower bound is not offered again as a suggestion, and `--prose-timers` keeps the
  /// one range.
  @Test func theWordsOfARangeAreNotSuggested() throws {
    let result = Cooklang.parse(
      "Bake 45 minutes to ~{1%hour}; rest about ~{2%minutes} to ~{3%minutes}, then 5 minutes.",
      file: "t.cook")
    let recipe = try #require(result.recipe)
    #expect(SuggestedTimers.of(result.document.steps[0]).map(\.text) == ["5 minutes"])
    let timers = SuggestedTimers.adding(to: recipe, from: result.document).steps[0].timers
    #expect(timers.map(\.duration) == [2_700_000, 120_000, 300_000])
    #expect(timers.map(\.upperDuration) == [3_600_000, 180_000, nil])
    #expect(timers.map(\.start) == [.withStep, .afterPrevious, .afterPrevious])
  }
}
