import Testing

@testable import CooktimerCore

@Suite struct CooklangTimerTests {
  /// The one timer of a one-step recipe.
  func timer(_ source: String) throws -> TimerSpec {
    let recipe = try #require(Cooklang.parse(source, file: "t.cook").recipe)
    return try #require(recipe.steps.first?.timers.first)
  }

  @Test(arguments: TimeUnit.allCases.flatMap { unit in unit.spellings.map { (unit, $0) } })
  func everyUnitSpelling(unit: TimeUnit, spelling: String) throws {
    for written in [spelling, spelling.uppercased(), spelling + "."] {
      let spec = try timer("Wait ~{2%\(written)}.")
      #expect(spec.duration == 2 * unit.milliseconds, "\(written)")
      #expect(spec.unit == written)
    }
  }

  @Test(
    arguments: [
      ("~{1/2%hour}", 1_800_000), ("~{1 1/2%hours}", 5_400_000), ("~{3/4%min}", 45_000),
      ("~{1.5%minutes}", 90_000), ("~{1,5%Std.}", 5_400_000), ("~{2 1/2%Minuten}", 150_000),
      ("~{20 minutes}", 1_200_000), ("~{8 分钟}", 480_000), ("~{1h 30m}", 5_400_000),
      ("~{4%Stunden}", 14_400_000), ("~{10%Sek.}", 10_000), ("~{2%jours}", 172_800_000),
      ("~{1%天}", 86_400_000), ("~{0%minutes}", 0),
    ] as [(String, Int64)])
  func quantities(source: String, milliseconds: Int64) throws {
    #expect(try timer("Cook \(source).").duration == milliseconds)
  }

  @Test(
    arguments: [
      ("~{5-10%minutes}", 300_000, 600_000), ("~{5–10%minutes}", 300_000, 600_000),
      ("~{5 to 10%minutes}", 300_000, 600_000), ("~{5 bis 10%Minuten}", 300_000, 600_000),
      ("~{5 à 20%minutes}", 300_000, 1_200_000), ("~{7-8%h}", 25_200_000, 28_800_000),
      ("~{1 1/2-2%hours}", 5_400_000, 7_200_000), ("~{5-10 minutes}", 300_000, 600_000),
    ] as [(String, Int64, Int64)])
  func ranges(source: String, low: Int64, high: Int64) throws {
    let spec = try timer("Cook \(source).")
    #expect(spec.duration == low)
    #expect(spec.upperDuration == high)
  }

  @Test func namedAndMultiWordTimers() throws {
    let spec = try timer("Boil ~Nudeln{8%Minuten}.")
    #expect(spec == TimerSpec(name: "Nudeln", duration: 480_000, quantity: "8", unit: "Minuten"))
    let proof = try timer("Let the ~dough proof{2%hours} rise.")
    #expect(proof.name == "dough proof")
    #expect(proof.duration == 7_200_000)
  }

  @Test func nameOnlyTimerAsksForADuration() throws {
    let result = Cooklang.parse("Let it ~rest.", file: "r.cook")
    let spec = try #require(result.recipe?.steps.first?.timers.first)
    #expect(spec == TimerSpec(name: "rest", duration: nil))
    #expect(result.recipe?.steps.first?.text == "Let it rest.")
    #expect(
      result.warnings.map(\.description) == [
        "r.cook:1:8: warning: timer \"~rest\" has no duration; the cook is asked for one"
      ])
  }

  @Test func relationsBetweenTimers() throws {
    let source = """
      Fry ~{5%min}, then turn and fry ~{3%min}. Meanwhile toast ~{2%min} while \
      you stir ~{1%min}; bake on low ~{7%h} or high ~{4%h}, während ~{1%h}, oder ~{2%h}, \
      at the same time ~{10%s}, pendant que ~{20%s}, gleichzeitig ~{30%s}, ou ~{40%s}.
      """
    let recipe = try #require(Cooklang.parse(source, file: "x.cook").recipe)
    #expect(
      recipe.steps[0].timers.map(\.start) == [
        .withStep, .afterPrevious, .withPrevious, .withPrevious, .afterPrevious,
        .alternativeToPrevious, .withPrevious, .alternativeToPrevious, .withPrevious,
        .withPrevious, .withPrevious, .alternativeToPrevious,
      ])
  }

  @Test func wordsOutsideTheTimersChangeNothing() throws {
    let recipe = try #require(
      Cooklang.parse("Meanwhile boil ~{5%min} then ~{3%min} or serve.", file: "x.cook").recipe)
    #expect(recipe.steps[0].timers.map(\.start) == [.withStep, .afterPrevious])
    // "word" and "order" contain "or" but are not the word "or".
    #expect(CooklangRecipe.start(after: " in order, stir a word ") == .afterPrevious)
    // "or so" hedges the first time; the second still follows it.
    #expect(CooklangRecipe.start(after: " or so, then ") == .afterPrevious)
    #expect(CooklangRecipe.start(after: " or so, or ") == .alternativeToPrevious)
  }

  @Test func stepTextRendering() throws {
    let source =
      "Peel @onions{2}(peeled) in a #bowl{}, boil ~eggs{3%minutes}\nand   ~rest.\\\nServe."
    let recipe = try #require(Cooklang.parse(source, file: "x.cook").recipe)
    #expect(recipe.steps.map(\.text) == ["Peel onions in a bowl, boil 3 minutes and rest. Serve."])
  }

  @Test func unreadableTimersAreKeptWithWarnings() throws {
    let result = Cooklang.parse(
      "Rest ~{a few%minutes}.\n\nRest ~{10}.\n\nRest ~{2%weeks}.\n\nRest ~{soon}.", file: "w.cook")
    let recipe = try #require(result.recipe)
    #expect(recipe.steps.map { $0.timers[0].duration } == [nil, nil, nil, nil])
    #expect(recipe.steps.map { $0.timers[0].quantity } == ["a few", "10", "2", "soon"])
    #expect(
      result.warnings.map(\.description) == [
        "w.cook:1:6: warning: cannot read the timer's duration: \"a few\" is not a number; the cook is asked for one",
        "w.cook:3:6: warning: cannot read the timer's duration: \"10\" has no unit; write ~{10%minutes}; the cook is asked for one",
        "w.cook:5:6: warning: cannot read the timer's duration: unknown unit \"weeks\"; use s, min, h or d; the cook is asked for one",
        "w.cook:7:6: warning: cannot read the timer's duration: \"soon\" is not a duration; the cook is asked for one",
      ])
  }

  @Test func unitsAreNeverGuessedFromTheirFirstLetter() throws {
    #expect(try timer("~{4%Stunden}").duration == 14_400_000)
    #expect(try timer("~{4%Sekunden}").duration == 4_000)
    #expect(try timer("~{4%moments}").duration == nil)
    #expect(try timer("~{4%hrz}").duration == nil)
  }
}
