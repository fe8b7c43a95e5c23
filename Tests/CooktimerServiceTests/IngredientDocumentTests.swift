import CooktimerCore
import CooktimerService
import Foundation
import Testing

/// docs/cli.md §4.4: the ingredients of `show --json` and `GET /v1/recipes/{name}`, per step
/// and for the whole recipe.
@Suite("ingredients in the recipe document")
struct IngredientDocumentTests {
  static let spaghetti = """
    ---
    title: Spaghetti
    ---
    Bring @Wasser{4%l} with @Salz{1%EL} to the boil in a #Topf{}.

    Cook @Spaghetti{500%g} for ~Nudeln{9%minutes}.

    Fry @Zwiebel{1 1/2}(gewürfelt) in @Butter{20%g}, add @Butter{10%g} and @Pfeffer{etwas}, then @Salz.
    """

  static func document() throws -> RecipeDocument {
    let result = Cooklang.parse(spaghetti, file: "spaghetti.cook")
    let recipe = try #require(result.recipe)
    return RecipeDocument(
      recipe, file: "spaghetti.cook", warnings: [],
      suggested: result.document.steps.map(SuggestedTimers.of),
      ingredients: result.document.steps.map(IngredientDocument.of))
  }

  static func json(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  @Test func eachStepListsWhatItMarks() throws {
    let document = try Self.document()
    #expect(
      try Self.json(document.steps.map(\.ingredients))
        == #"[[{"amount":4,"name":"Wasser","quantity":"4","unit":"l"},{"amount":1,"name":"Salz","quantity":"1","unit":"EL"}],"#
        + #"[{"amount":500,"name":"Spaghetti","quantity":"500","unit":"g"}],"#
        + #"[{"amount":1.5,"name":"Zwiebel","preparation":"gewürfelt","quantity":"1 1/2","unit":""},{"amount":20,"name":"Butter","quantity":"20","unit":"g"},{"amount":10,"name":"Butter","quantity":"10","unit":"g"},{"name":"Pfeffer","quantity":"etwas","unit":""},{"name":"Salz","quantity":"","unit":""}]]"#
    )
  }

  @Test func theRecipeListAddsUpOneNameAndUnit() throws {
    let document = try Self.document()
    #expect(
      try Self.json(document.ingredients)
        == #"[{"amount":4,"name":"Wasser","quantity":"4","unit":"l"},{"amount":1,"name":"Salz","quantity":"1","unit":"EL"},"#
        + #"{"amount":500,"name":"Spaghetti","quantity":"500","unit":"g"},"#
        + #"{"amount":1.5,"name":"Zwiebel","preparation":"gewürfelt","quantity":"1 1/2","unit":""},"#
        + #"{"amount":30,"name":"Butter","quantity":"30","unit":"g"},{"name":"Pfeffer","quantity":"etwas","unit":""},{"name":"Salz","quantity":"","unit":""}]"#
    )
  }

  @Test func sumsKeepDecimalsAndDropPreparationsThatDiffer() {
    let list = IngredientDocument.whole([
      [
        IngredientDocument(
          name: "Mehl", quantity: "0.5", unit: "kg", amount: 0.5, preparation: "gesiebt")
      ],
      [IngredientDocument(name: "Mehl", quantity: "0.25", unit: "kg", amount: 0.25)],
      [IngredientDocument(name: "Mehl", quantity: "100", unit: "g", amount: 100)],
      [IngredientDocument(name: "Salz", quantity: "", unit: "")],
      [IngredientDocument(name: "Salz", quantity: "", unit: "")],
    ])
    #expect(
      list == [
        IngredientDocument(name: "Mehl", quantity: "0.75", unit: "kg", amount: 0.75),
        IngredientDocument(name: "Mehl", quantity: "100", unit: "g", amount: 100),
        IngredientDocument(name: "Salz", quantity: "", unit: ""),
      ])
  }
}
