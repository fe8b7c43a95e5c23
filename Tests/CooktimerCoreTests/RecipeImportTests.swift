import Testing

@testable import CooktimerCore

@Suite struct RecipeImportTests {
  /// Front matter written by `import` reads back exactly.
  @Test(arguments: [
    "Pasta: the classic", "\"Quoted\" \\ back", "# not a comment", "- not a list", "yes",
    "Crème brûlée · 4 × 2", "a: b, c: [d]", "~",
  ])
  func quotedValuesReadBack(value: String) {
    let source = "---\ntitle: \(CookWriter.quoted(value))\n---\nBoil.\n"
    let result = Cooklang.parse(source, file: "x.cook")
    #expect(result.diagnostics == [])
    #expect(result.document.metadata == [MetadataEntry(key: "title", value: .string(value))])
  }

  @Test(
    arguments: [
      ("1 1/2 cups all-purpose flour, sifted", "1 1/2", "cups", "all-purpose flour", "sifted"),
      ("1½ teaspoons vanilla", "1 1/2", "teaspoons", "vanilla", nil),
      ("2 onions (diced)", "2", "", "onions", "diced"),
      ("250 g de farine", "250", "g", "farine", nil),
      ("2 cuillères à soupe de sucre", "2", "cuillères à soupe", "sucre", nil),
      ("1,5 l Gemüsebrühe", "1,5", "l", "Gemüsebrühe", nil),
      ("pinch of salt", "1", "pinch", "salt", nil),
      ("Salz und Pfeffer", "", "", "Salz und Pfeffer", nil),
    ] as [(String, String, String, String, String?)])
  func ingredientLines(
    line: String, quantity: String, unit: String, name: String, preparation: String?
  ) {
    let read = IngredientLine(line)
    #expect(read.quantity == quantity)
    #expect(read.unit == unit)
    #expect(read.name == name)
    #expect(read.preparation == preparation)
  }

  @Test func pageTextIsMadePlain() {
    #expect(
      HTMLText.plain("<p>Salt &amp; pepper</p>\n<br/>to&nbsp;taste &#8211; 350&#x00B0;F\u{7}")
        == "Salt & pepper to taste – 350°F")
  }

  @Test func theFirstRecipeOfAPage() throws {
    let page = """
      <script type="application/ld+json">{"@type":"Organization","name":"X"}</script>
      <script type="application/ld+json">{"@graph":[{"@type":"schema:Recipe","name":"Tea",
      "recipeInstructions":[{"@type":"HowToStep","text":"Steep 3 minutes."}]}]}</script>
      """
    let recipe = try RecipeImport.recipe(fromPage: page)
    #expect(recipe.name == "Tea")
    #expect(recipe.sections == [SchemaRecipe.Section(name: nil, steps: ["Steep 3 minutes."])])
    #expect(
      RecipeImport.cookText(recipe, source: nil)
        == "---\ntitle: \"Tea\"\n---\n\nSteep ~{3%minutes}.\n")
    #expect(throws: RecipeImport.Problem.noJSONLD) { try RecipeImport.recipe(fromPage: "<p>") }
  }
}

/// Titles as file names (docs/recipes.md §11) and escape sequences in page text.
@Suite("Import file names")
struct ImportFileNameTests {
  @Test(arguments: [
    ("Garlic Shrimp / Test", "Garlic Shrimp - Test"),
    ("a/b\\c", "a-b-c"),
    ("../../pwned", "pwned"),
    (".hidden", "hidden"),
    ("- Tea", "Tea"),
    ("Tea\u{7}\u{202E}time", "Tea time"),
    ("👨‍🍳 Stew", "👨‍🍳 Stew"),
    ("./", "Imported recipe"),
    (String(repeating: "é", count: 150), String(repeating: "é", count: 100)),
  ])
  func aTitleIsOneSafeName(title: String, name: String) {
    #expect(RecipeImport.fileName(forTitle: title) == name)
  }

  @Test func terminalEscapeSequencesGoWhole() {
    #expect(HTMLText.plain("Garlic \u{1B}[31m Shrimp\u{1B}[0m") == "Garlic Shrimp")
    #expect(HTMLText.plain("\u{1B}]0;title\u{7}Stew \u{1B}]8;;x\u{1B}\\ok") == "Stew ok")
    #expect(HTMLText.plain("a\u{1B}b") == "a b")
  }
}
