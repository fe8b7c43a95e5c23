import Testing

@testable import CooktimerCore

/// What real files write that the spec does not foresee (issue 14).
@Suite struct CooklangOdditiesTests {
  func step(_ source: String) throws -> Step {
    try #require(Cooklang.parse(source, file: "x.cook").recipe?.steps.first)
  }

  @Test func aDoubleTildeIsAboutATimer() throws {
    let result = Cooklang.parse("Bake ~~{8%minutes} until golden.", file: "x.cook")
    #expect(result.diagnostics == [])
    let step = try #require(result.recipe?.steps.first)
    #expect(step.text == "Bake ~8 minutes until golden.")
    #expect(step.timers == [TimerSpec(name: "", duration: 480_000, quantity: "8", unit: "minutes")])
  }

  @Test func aMetadataLineWithoutAColonIsAWarning() {
    let result = Cooklang.parse("  >> servings 4\n\nBoil.\n", file: "x.cook")
    #expect(result.document.metadata == [])
    #expect(
      result.diagnostics.map(\.description) == [
        "x.cook:1:3: warning: \">>\" line has no \"key: value\" and is ignored: write >> servings: 4"
      ])
  }

  @Test(arguments: [
    ("Add @./Shared/Red Beans{} and stir.", "Add Red Beans and stir."),
    ("Add @../sauces/aioli.cook{2%tbsp}.", "Add aioli."),
    ("Add @./Red Beans{1%cup}(warm).", "Add Red Beans."),
    ("Add @salt.", "Add salt."),
  ])
  func aRecipeReferenceShowsTheRecipesName(source: String, text: String) throws {
    #expect(try step(source).text == text)
  }

  @Test(
    arguments: [
      ("Simmer 1 to ~{2%minutes}.", 60_000, 120_000),
      ("Simmer 3-~{5%min}.", 180_000, 300_000),
      ("Simmer 3 – ~{5%min}.", 180_000, 300_000),
      ("Köcheln 2 bis ~{3%Stunden}.", 7_200_000, 10_800_000),
      ("Cuire 15 à ~{20%minutes}.", 900_000, 1_200_000),
      ("Bake 1 1/2 to ~{2%hours}.", 5_400_000, 7_200_000),
      ("Rest 0,5 to ~{1%h}.", 1_800_000, 3_600_000),
    ] as [(String, Int64, Int64)])
  func aLowerBoundInTheProseMakesARange(source: String, low: Int64, high: Int64) throws {
    let timer = try #require(try step(source).timers.first)
    #expect(timer.duration == low)
    #expect(timer.upperDuration == high)
  }

  @Test(arguments: [
    "Simmer ~{2%minutes}.", "Step 3 to ~{2%minutes}.", "Simmer 5 to ~{2%minutes}.",
    "Use pan1 to ~{2%minutes}.", "Simmer 1 to ~{2-3%minutes}.", "Simmer 1, then ~{2%minutes}.",
  ])
  func noLowerBoundNoRange(source: String) throws {
    let timer = try #require(try step(source).timers.first)
    #expect(timer.upperDuration == nil || source.contains("2-3"))
    #expect(timer.duration == 120_000)
  }
}
