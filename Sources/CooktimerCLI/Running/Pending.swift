import CooktimerCore
import CooktimerStore

struct LoadedRecipe { var recipe: Recipe; var warnings: [String] }
struct CatalogEntry { var fileStem: String }
struct Catalog { var entries: [CatalogEntry] }
extension Session {
  func catalog(_ options: GlobalOptions) throws -> Catalog { Catalog(entries: []) }
  func describeModuleError(_ error: any Error) -> (String, Int32)? { nil }
}
extension CommandContext {
  func listRecipes() throws -> Output { Output() }
  func show(_ name: String) throws -> Output { Output() }
  func loadRecipe(_ name: String) throws -> LoadedRecipe { throw CLIError.notFound(name) }
  func timeline(_ run: String?) throws -> Output { Output() }
  func content(_ run: String?) throws -> Output { Output() }
  func payload(_ e: PushEventName, _ run: String?, dismissal: Dismissal?, priority: Int?) throws -> Output { Output() }
  func contract() -> Output { Output() }
  func plan(_ name: String, start: Instant?) throws -> Output { Output() }
  func outbox(markSent: [Int64]) throws -> Output { Output() }
  func pushDrafts(for run: Run, events: [RunEvent], at now: Instant, tx: StoreTransaction) throws -> [OutboxDraft] { [] }
}
