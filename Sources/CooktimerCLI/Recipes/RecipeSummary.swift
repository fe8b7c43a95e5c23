import CooktimerCore

/// What `recipes` shows of one file: enough to list it without parsing it again while it
/// stays unchanged (see ``RecipeListCache``).
struct RecipeSummary: Codable, Equatable, Sendable {
  /// `nil` when the file does not parse.
  var title: String?
  var steps: Int?
  var timers: Int?
  /// Diagnostics as printed (`file:line:column: error: …`).
  var errors: [String]
  var warnings: [String]

  init(_ result: CooklangParseResult) {
    title = result.recipe?.title
    steps = result.recipe?.steps.count
    timers = result.recipe?.steps.reduce(0) { $0 + $1.timers.count }
    errors = result.errors.map(\.description)
    warnings = result.warnings.map(\.description)
  }
}
