import CooktimerCore
import CooktimerServer
import CooktimerService

/// The server's recipes: the CLI's catalog of the recipes folder, read afresh per request
/// so a recipe added while `serve` runs is there at once.
struct CatalogRecipeSource: RecipeSource {
  let catalog: RecipeCatalog
  /// The same summaries `recipes` keeps, so listing a large folder stays fast.
  let cache: RecipeListCache

  func list() throws -> RecipeListDocument {
    RecipeListDocument(
      recipes: try catalog.summaries(cache: cache).map {
        RecipeSummaryDocument(file: $0.file, summary: $0.summary)
      })
  }

  func recipe(named name: String) throws -> FoundRecipe? {
    let entry: RecipeCatalog.Entry
    do {
      entry = try catalog.find(name, pathsAllowed: false)
    } catch .notFound {
      return nil
    } catch .usage(let message) {
      throw ServiceError.invalid(message)  // a name that means several recipes
    } catch {
      throw ServiceError.invalid("\(error)")
    }
    guard let recipe = entry.result.recipe else {
      throw CoreError.invalidRecipe(entry.result.errors[0])
    }
    let warnings = entry.result.warnings.map(\.description)
    return FoundRecipe(
      recipe: SuggestedTimers.attaching(to: recipe, from: entry.result.document),
      document: RecipeDocument(
        recipe, file: entry.path, warnings: warnings,
        suggested: entry.result.document.steps.map(SuggestedTimers.of),
        ingredients: entry.result.document.steps.map(IngredientDocument.of)))
  }
}
