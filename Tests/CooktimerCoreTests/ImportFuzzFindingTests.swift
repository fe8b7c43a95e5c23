import Foundation
import Testing

@testable import CooktimerCore

/// Findings of the import fuzz target (Tests/LibFuzzer/ImportTarget.swift), each with the
/// page it found and the exact file now written: the file must parse without an error.
@Suite struct ImportFuzzFindingTests {
  /// `"1 pincée de {el"` (a page's typo) was written `@{el{1%pincée}`: "ingredient has no
  /// name" when the file was read back.
  @Test func anIngredientNameWithABraceIsListedAsWords() throws {
    let page = """
      <script type="application/ld+json">
      {"@type": "Recipe", "name": "Crêpes", "recipeIngredient": ["1 pincée de {el", "@"],
       "recipeInstructions": "Mélanger."}
      </script>
      """
    let text = RecipeImport.cookText(try RecipeImport.recipe(fromPage: page), source: nil)
    #expect(
      text == """
        ---
        title: "Crêpes"
        ---

        Ingredients: 1 pincée de \\{el, \\@

        Mélanger.

        """)
    #expect(Cooklang.parse(text, file: "x.cook").diagnostics == [])
  }
}
