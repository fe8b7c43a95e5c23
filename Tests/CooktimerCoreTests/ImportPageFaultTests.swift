import Foundation
import Testing

@testable import CooktimerCore

/// The import faults of issue 23, each with its exact input and output.
@Suite struct ImportPageFaultTests {
  static func steps(_ page: String) throws -> [SchemaRecipe.Section] {
    try RecipeImport.recipe(fromPage: page).sections
  }

  static func script(_ json: String, type: String = "application/ld+json") -> String {
    "<html><head><script type=\"\(type)\">\(json)</script></head></html>"
  }

  @Test func aRawLineBreakInAJSONStringIsRead() throws {
    let page = Self.script(
      "{\"@type\":\"Recipe\",\"name\":\"Tea\",\"recipeInstructions\":\"Boil.\nSteep\t3 minutes.\"}")
    #expect(try Self.steps(page) == [.init(name: nil, steps: ["Boil.", "Steep 3 minutes."])])
  }

  @Test func anEntityEncodedTypeIsRecognised() throws {
    let page = Self.script(
      "{\"@type\":\"Recipe\",\"name\":\"Tea\",\"recipeInstructions\":\"Boil.\"}",
      type: "application&#x2F;ld&#x2B;json")
    #expect(try RecipeImport.recipe(fromPage: page).name == "Tea")
  }

  /// Blocks real pages write that JSON alone refuses (eatwell101, pauladeen, bodybuilding,
  /// leckerschmecker in recipe-scrapers' test data).
  @Test(arguments: [
    "// <![CDATA[\n{\"@type\":\"Recipe\",\"name\":\"Tea\",\"recipeInstructions\":\"Boil.\"}\n// ]]>",
    "{\"@type\":\"Recipe\",\"name\":\"Tea\",\"recipeInstructions\":\"Boil.\"}\n};",
    "{\"@type\":\"Recipe\",\"name\":\"Tea\",\"recipeInstructions\":\"Boil, don\\'t stir.\"}",
    "{\"@graph\":{\"0\":{\"@type\":\"NewsArticle\"},\"1\":{\"@type\":\"Recipe\",\"name\":\"Tea\",\"recipeInstructions\":\"Boil.\"}}}",
  ])
  func looseBlocksAreRead(json: String) throws {
    #expect(try RecipeImport.recipe(fromPage: Self.script(json)).name == "Tea")
  }

  @Test(arguments: [
    "{\"@type\":\"ItemList\",\"itemListElement\":[{\"@type\":\"ListItem\",\"item\":{\"@type\":\"Recipe\",\"name\":\"Tea\",\"recipeInstructions\":\"Boil.\"}}]}",
    "{\"@context\":\"https://schema.org\",\"@graph\":{\"@type\":\"Recipe\",\"name\":\"Tea\",\"recipeInstructions\":\"Boil.\"}}",
  ])
  func wrappedRecipesAreFound(json: String) throws {
    #expect(try RecipeImport.recipe(fromPage: Self.script(json)).name == "Tea")
  }

  @Test(arguments: [
    (
      "\"<ol><li>Boil the water.</li><li>Steep 3 minutes.</li></ol>\"",
      ["Boil the water.", "Steep 3 minutes."]
    ),
    ("\"<p>Boil the water.</p><p>Steep.</p>\"", ["Boil the water.", "Steep."]),
    ("\"Boil the water.<br>Steep.<br />Serve.\"", ["Boil the water.", "Steep.", "Serve."]),
    (
      "[{\"@type\":\"HowToStep\",\"text\":\"Boil the water and\\npour it over the leaves.\"}]",
      ["Boil the water and pour it over the leaves."]
    ),
    ("{\"0\":\"Boil.\",\"2\":\"Steep.\",\"6\":\"Serve.\"}", ["Boil.", "Steep.", "Serve."]),
  ])
  func instructionShapes(instructions: String, expected: [String]) throws {
    let page = Self.script(
      "{\"@type\":\"Recipe\",\"name\":\"Tea\",\"recipeInstructions\":\(instructions)}")
    #expect(try Self.steps(page) == [.init(name: nil, steps: expected)])
  }

  @Test func aSectionWithItemKeepsItsSteps() throws {
    let page = Self.script(
      "{\"@type\":\"Recipe\",\"name\":\"Tea\",\"recipeInstructions\":[{\"@type\":\"HowToSection\",\"name\":\"Brew\",\"item\":[{\"@type\":\"HowToStep\",\"text\":\"Boil.\"},{\"@type\":\"HowToStep\",\"text\":\"Steep.\"}]}]}"
    )
    #expect(try Self.steps(page) == [.init(name: "Brew", steps: ["Boil.", "Steep."])])
  }

  @Test func aRecipeWithoutInstructionsIsAFailure() {
    let page = Self.script("{\"@type\":\"Recipe\",\"name\":\"Tea\",\"recipeInstructions\":[]}")
    #expect(throws: RecipeImport.Problem.noInstructions(title: "Tea")) {
      try RecipeImport.recipe(fromPage: page)
    }
  }

  @Test func theDeclaredCharsetIsUsed() {
    let meta = Data("<meta charset=\"ISO-8859-1\"><p>K".utf8) + Data([0xE4]) + Data("se</p>".utf8)
    #expect(PageText.decode(meta) == "<meta charset=\"ISO-8859-1\"><p>Käse</p>")
    let bare = Data("<p>K".utf8) + Data([0xE4]) + Data("se</p>".utf8)
    #expect(PageText.decode(bare, contentType: "text/html; charset=windows-1252") == "<p>Käse</p>")
    #expect(
      PageText.decode(Data("<p>Käse</p>".utf8), contentType: "text/html; charset=UTF-8")
        == "<p>Käse</p>")
  }

  @Test func doubleEncodedEntitiesAreDecoded() {
    #expect(HTMLText.plain("Salt&amp;nbsp;&amp;amp; pepper") == "Salt & pepper")
  }

  @Test(
    arguments: [
      (
        "1/2 c. (1 stick) unsalted butter, cut into pieces", "1/2", "cup", "unsalted butter",
        "1 stick; cut into pieces"
      ),
      ("250g self-raising flour", "250", "g", "self-raising flour", nil),
    ] as [(String, String, String, String, String?)])
  func ingredientLines(
    line: String, quantity: String, unit: String, name: String, note: String?
  ) {
    let read = IngredientLine(line)
    #expect([read.quantity, read.unit, read.name] == [quantity, unit, name])
    #expect(read.preparation == note)
  }

  /// "1 clove" has no name: it is listed as words, never `@{1%clove}`; the German page's
  /// `lang` gives the heading and the `locale`.
  @Test func aNamelessLineAndTheLanguage() throws {
    let page = """
      <html lang="de-DE"><script type="application/ld+json">{"@type":"Recipe","name":"Tee",
      "recipeIngredient":["1 clove","2 EL Honig"],"recipeInstructions":"Wasser kochen."}
      </script></html>
      """
    let recipe = try RecipeImport.recipe(fromPage: page)
    let text = try RecipeImport.checkedCookText(recipe, source: nil, file: "t.cook")
    #expect(
      text == """
        ---
        title: "Tee"
        locale: "de-DE"
        ---

        Zutaten: 1 clove, @Honig{2%EL}

        Wasser kochen.

        """)
  }
}

/// Ingredient marks land on the ingredient's own words (issue 23).
@Suite struct ImportMarkTests {
  static func body(_ ingredients: [String], _ step: String) throws -> String {
    let list = ingredients.map { "\"\($0)\"" }.joined(separator: ",")
    let page = """
      <script type="application/ld+json">{"@type":"Recipe","name":"T",
      "recipeIngredient":[\(list)],"recipeInstructions":"\(step)"}</script>
      """
    let text = try RecipeImport.checkedCookText(
      RecipeImport.recipe(fromPage: page), source: nil, file: "t.cook")
    return text.components(separatedBy: "---\n").last ?? ""
  }

  @Test func aPartOfANameIsNotMarkedInsideAnother() throws {
    #expect(
      try Self.body(["1 cup heavy cream", "8 oz cream cheese"], "Beat the cream cheese.")
        == "\nIngredients: @heavy cream{1%cup}\n\nBeat the @cream cheese{8%oz}.\n")
  }

  @Test func aDescribingWordIsNotMarked() throws {
    #expect(
      try Self.body(["2 large eggs"], "Whisk in a large bowl.")
        == "\nIngredients: @large eggs{2}\n\nWhisk in a large bowl.\n")
  }
}
