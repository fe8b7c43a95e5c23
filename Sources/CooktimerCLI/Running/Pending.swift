import CooktimerCore
import CooktimerStore

struct LoadedRecipe { var recipe: Recipe; var warnings: [String] }
struct CatalogEntry { var fileStem: String }
struct Catalog { var entries: [CatalogEntry] }
extension Session {
  func catalog(_ options: GlobalOptions) throws -> Catalog { Catalog(entries: []) }
}
extension CommandContext {
  func listRecipes() throws -> Output { Output() }
  func show(_ name: String) throws -> Output { Output() }
  func loadRecipe(_ name: String) throws -> LoadedRecipe { throw CLIError.notFound(name) }
}
