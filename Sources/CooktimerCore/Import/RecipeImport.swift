/// A web page's schema.org `Recipe` (JSON-LD) into a Cooklang file (issue 14: `import`).
/// Pure: the caller reads the page and writes the file.
public enum RecipeImport {
  /// Why a page gives no recipe.
  public enum Problem: Error, Equatable, Sendable {
    /// No `application/ld+json` block at all.
    case noJSONLD
    /// Blocks, but none holds a `Recipe`; `broken` of them are not valid JSON.
    case noRecipe(broken: Int)

    public var message: String {
      switch self {
      case .noJSONLD:
        return "has no schema.org Recipe: the page carries no JSON-LD (application/ld+json)"
      case .noRecipe(let broken) where broken > 0:
        let blocks = broken == 1 ? "1 JSON-LD block is" : "\(broken) JSON-LD blocks are"
        return "has no schema.org Recipe (\(blocks) not valid JSON)"
      case .noRecipe:
        return "has no schema.org Recipe in its JSON-LD"
      }
    }
  }

  /// The first `Recipe` of the page (HTML with JSON-LD blocks, or JSON-LD itself).
  public static func recipe(fromPage page: String) throws(Problem) -> SchemaRecipe {
    let blocks = JSONLDBlocks.blocks(of: page)
    guard !blocks.isEmpty else { throw .noJSONLD }
    var broken = 0
    for block in blocks {
      switch block {
      case .success(let json):
        if let recipe = SchemaRecipe.find(in: json) { return recipe }
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
}
