import Testing

@testable import CooktimerCore

@Suite struct CooklangDiagnosticTests {
  func diagnostics(_ source: String) -> [String] {
    Cooklang.parse(source, file: "Recipes/x.cook").diagnostics.map(\.description)
  }

  @Test(arguments: [
    ("Boil ~{}.", "Recipes/x.cook:1:6: error: timer is empty: write ~{10%minutes}"),
    ("Boil\nfor ~{%min}.", "Recipes/x.cook:2:5: error: timer has a unit but no quantity: write ~{10%minutes}"),
    ("Add @{}.", "Recipes/x.cook:1:5: error: ingredient has no name: write @salt or @flour{250%g}"),
    ("Put in #{}.", "Recipes/x.cook:1:8: error: cookware has no name: write #pot or #frying pan{}"),
    ("🍝 Käse ~{}", "Recipes/x.cook:1:8: error: timer is empty: write ~{10%minutes}"),
  ])
  func errorsMakeTheRecipeInvalid(source: String, message: String) {
    let result = Cooklang.parse(source, file: "Recipes/x.cook")
    #expect(result.recipe == nil)
    #expect(result.diagnostics.map(\.description) == [message])
    #expect(throws: CoreError.invalidRecipe(result.errors[0])) {
      try Cooklang.recipe(source, file: "Recipes/x.cook")
    }
  }

  @Test func warningsKeepTheRecipe() throws {
    let source = """
      ---
      title: Test
      ---
      Let it ~rest.

      Wait ~2 minutes.

      Simmer {5%minutes} more. [- unfinished
      and everything after it
      """
    let result = Cooklang.parse(source, file: "Recipes/x.cook")
    #expect(result.recipe?.title == "Test")
    #expect(result.recipe?.steps.count == 3)
    #expect(result.diagnostics.map(\.description) == [
      "Recipes/x.cook:4:8: warning: timer \"~rest\" has no duration; the cook is asked for one",
      "Recipes/x.cook:6:6: warning: timer name \"2\" is a number: write ~{2%minutes} for a timer",
      "Recipes/x.cook:8:8: warning: \"{5%minutes}\" has no \"~\" and is plain text: write ~{5%minutes} for a timer",
      "Recipes/x.cook:8:26: warning: block comment \"[-\" is never closed with \"-]\"; it hides the rest of the file",
    ])
  }

  @Test(arguments: ["", "\n\n", "---\ntitle: Nothing\n---\n", "-- only a comment\n", ">> servings: 2\n"])
  func noStepsIsAWarning(source: String) throws {
    let result = Cooklang.parse(source, file: "Recipes/x.cook")
    #expect(result.recipe?.steps == [])
    #expect(result.diagnostics.map(\.description) == [
      "Recipes/x.cook:1:1: warning: recipe has no steps: write its directions as paragraphs separated by blank lines"
    ])
  }

  @Test func bomAndCRLF() throws {
    let result = Cooklang.parse("\u{FEFF}---\r\ntitle: Tee\r\n---\r\nZiehen ~{3%Min.}\r\n\r\nTrinken ~{}", file: "t.cook")
    #expect(result.document.metadata == [MetadataEntry(key: "title", value: "Tee")])
    #expect(result.document.steps.count == 2)
    #expect(result.diagnostics.map(\.description) == ["t.cook:6:9: error: timer is empty: write ~{10%minutes}"])
  }

  @Test func itemLocations() {
    let document = Cooklang.parse("Add @salt and\n  #pot{} then ~{5%min}.", file: "x.cook").document
    #expect(document.steps[0].items.map(\.location.description) == ["1:1", "1:5", "1:10", "2:3", "2:9", "2:15", "2:23"])
  }
}
