/// A web page's schema.org `Recipe` (JSON-LD) into a Cooklang file (issue 14: `import`).
/// Pure: the caller reads the page and writes the file.
public enum RecipeImport {
  /// Why a page gives no recipe.
  public enum Problem: Error, Equatable, Sendable {
    /// No `application/ld+json` block at all.
    case noJSONLD
    /// Blocks, but none holds a `Recipe`; `broken` of them are not valid JSON.
    case noRecipe(broken: Int)
    /// A `Recipe` whose instructions give no step: importing it would lose them all.
    case noInstructions(title: String)
    /// The file written would not parse (`reason`: its first error): a bug to report, never
    /// a file to keep.
    case unreadableResult(reason: String)

    public var message: String {
      switch self {
      case .noJSONLD:
        return "has no schema.org Recipe: the page carries no JSON-LD (application/ld+json)"
      case .noRecipe(let broken) where broken > 0:
        let blocks = broken == 1 ? "1 JSON-LD block is" : "\(broken) JSON-LD blocks are"
        return "has no schema.org Recipe (\(blocks) not valid JSON)"
      case .noRecipe:
        return "has no schema.org Recipe in its JSON-LD"
      case .noInstructions(let title):
        return "has a Recipe (\"\(title)\") with no instructions this importer can read"
      case .unreadableResult(let reason):
        return "would make a recipe file that does not parse (\(reason)); nothing written"
      }
    }
  }

  /// The first `Recipe` of the page (HTML with JSON-LD blocks, or JSON-LD itself). Its
  /// `language` is `inLanguage`, else the page's `<html lang>`.
  /// - Throws: ``Problem`` when there is no Recipe, or one without instructions.
  public static func recipe(fromPage page: String) throws(Problem) -> SchemaRecipe {
    let blocks = JSONLDBlocks.blocks(of: page)
    guard !blocks.isEmpty else { throw .noJSONLD }
    var broken = 0
    for block in blocks {
      switch block {
      case .success(let json):
        if var recipe = SchemaRecipe.find(in: json) {
          guard recipe.sections.contains(where: { !$0.steps.isEmpty }) else {
            throw .noInstructions(title: recipe.name)
          }
          if recipe.language == nil { recipe.language = PageText.language(of: page) }
          return recipe
        }
      case .failure:
        broken += 1
      }
    }
    throw .noRecipe(broken: broken)
  }

  /// The Cooklang text of `recipe`, with `source` (the page's URL, else the recipe's own
  /// `url`) in its front matter. It parses with no warnings.
  public static func cookText(_ recipe: SchemaRecipe, source: String?) -> String {
    CookWriter.text(recipe, source: source, language: recipe.language)
  }

  /// ``cookText(_:source:)`` checked: it must parse with no error and keep every step.
  /// - Throws: ``Problem/unreadableResult(reason:)`` otherwise.
  public static func checkedCookText(
    _ recipe: SchemaRecipe, source: String?, file: String
  ) throws(Problem) -> String {
    let text = cookText(recipe, source: source)
    let parsed = Cooklang.parse(text, file: file)
    if let error = parsed.errors.first { throw .unreadableResult(reason: error.description) }
    let written = recipe.sections.reduce(0) { $0 + $1.steps.count }
    let read = parsed.recipe?.steps.count ?? 0
    guard read >= written else {
      throw .unreadableResult(reason: "\(written) steps written, \(read) read back")
    }
    return text
  }
}
