import CooktimerCore
import Foundation

/// Recipe snapshots decoded once per process: a `status` of 100 runs of one recipe decodes
/// it once, not 100 times. Keys are content hashes, so an entry never goes stale.
final class RecipeCache: @unchecked Sendable {
  static let shared = RecipeCache()

  private var recipes: [String: Recipe] = [:]
  private let lock = NSLock()

  func recipe(key: String, json: String, path: String) throws(StoreError) -> Recipe {
    lock.lock()
    defer { lock.unlock() }
    if let recipe = recipes[key] { return recipe }
    let recipe: Recipe
    do {
      recipe = try JSONDecoder().decode(StoredRecipe.self, from: Data(json.utf8)).recipe
    } catch {
      throw StoreError(kind: .corrupt, path: path, detail: "a stored recipe does not decode")
    }
    recipes[key] = recipe
    return recipe
  }
}
