import Testing

@testable import CooktimerCore

@Suite struct CooklangStructureTests {
  @Test func sectionsNotesMetadataAndComments() throws {
    let source = """
      >> servings: 2
      >> title: Old Style

      = Dough
      > Use cold butter.
      It keeps the layers.

      Mix @flour{250%g} [- not too much -] and @butter{100%g}. -- why
      Knead ~{5%min}.

      == Filling ==
      Stir \\@ not an ingredient \\~ neither.

      =
      Serve.
      """
    let result = Cooklang.parse(source, file: "x.cook")
    #expect(result.diagnostics.isEmpty)
    let recipe = try #require(result.recipe)
    #expect(recipe.title == "Old Style")
    #expect(recipe.metadata == [
      MetadataEntry(key: "servings", value: "2"), MetadataEntry(key: "title", value: "Old Style"),
    ])
    #expect(result.document.notes.map(\.text) == ["Use cold butter. It keeps the layers."])
    #expect(recipe.steps.map(\.section) == ["Dough", "Filling", nil])
    #expect(recipe.steps.map(\.text) == [
      "Mix flour and butter. Knead 5 min.", "Stir @ not an ingredient ~ neither.", "Serve.",
    ])
  }

  @Test func titleFallsBackToTheFileName() throws {
    #expect(try Cooklang.recipe("Boil.", file: "Recipes/Soft Eggs.cook").title == "Soft Eggs")
    #expect(try Cooklang.recipe("Boil.", file: "<stdin>").title == "<stdin>")
  }

  @Test func forcedLineBreakStaysInTheDocument() {
    let step = Cooklang.parse("One\\\ntwo\nthree", file: "x.cook").document.steps[0]
    #expect(step.items.map(\.value) == ["One\ntwo three"])
  }

  @Test func noteInsideAParagraphIsText() throws {
    let recipe = try Cooklang.recipe("Heat until\n> 80 °C.", file: "x.cook")
    #expect(recipe.steps.map(\.text) == ["Heat until > 80 °C."])
  }

  @Test func quantitiesOfIngredients() {
    let items = Cooklang.parse("@a{1 1/2%cups} @b{1,5%l} @c{3/0} @d{5-10%g} @e{0.25}", file: "x.cook")
      .document.steps[0].items.filter { $0.kind == .ingredient }
    #expect(items.map(\.quantity) == [
      .number(1.5), .number(1.5), .text("3/0"), .text("5-10"), .number(0.25),
    ])
  }
}
