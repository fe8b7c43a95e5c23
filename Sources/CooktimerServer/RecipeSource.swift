import CooktimerCore
import CooktimerService

/// Where the server finds recipes (`GET /v1/recipes`, `POST /v1/runs`): the front end that
/// starts it knows the folder and its layout; the server only asks. Called on the server's
/// threads, concurrently.
public protocol RecipeSource: Sendable {
  /// Every recipe, as `recipes --json` lists them.
  func list() throws -> RecipeListDocument

  /// The recipe a name means (a title or a name `list` gives, as `show NAME` takes it),
  /// ready to run, and its `show --json` document; `nil` when there is none. Never a path
  /// on the machine: `Dinner/Shrimp` is the name of a recipe in a folder of the list.
  ///
  /// - Throws: `CoreError.invalidRecipe` for a file that does not parse;
  ///   ``ServiceError/invalid(_:)`` for a name that means several recipes.
  func recipe(named name: String) throws -> FoundRecipe?
}

/// A recipe a ``RecipeSource`` found.
public struct FoundRecipe: Sendable {
  public var recipe: Recipe
  public var document: RecipeDocument

  public init(recipe: Recipe, document: RecipeDocument) {
    self.recipe = recipe
    self.document = document
  }
}
