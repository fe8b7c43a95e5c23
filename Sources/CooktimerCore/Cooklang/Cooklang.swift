/// Cooklang recipe files (`.cook`) into ``Recipe`` values.
///
/// The language is the Cooklang spec (cooklang/spec README, conformance suite
/// `canonical.yaml` v7) with the decisions in `docs/recipes.md`: the timer unit table, ranges,
/// timers written as durations, and which findings are errors or warnings.
public enum Cooklang {
  /// Parses `source`; never throws, never traps.
  ///
  /// - Parameters:
  ///   - source: the file's text (a BOM and CRLF line endings are accepted).
  ///   - file: the file as the user named it, for diagnostics and the fallback title
  ///     (`"Recipes/eggs.cook"` → "eggs").
  /// - Returns: the document, the recipe (`nil` if any diagnostic is an error) and every
  ///   finding with file:line:column. Timer durations are in milliseconds.
  public static func parse(_ source: String, file: String) -> CooklangParseResult {
    var diagnostics = CooklangDiagnostics(file: file)
    let (metadata, lines) = CooklangLines.read(source, diagnostics: &diagnostics)
    let document = CooklangBlocks.document(
      metadata: metadata, lines: lines, diagnostics: &diagnostics)
    let recipe = CooklangRecipe.recipe(from: document, file: file, diagnostics: &diagnostics)
    let all = diagnostics.all.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    let failed = all.contains { $0.severity == .error }
    return CooklangParseResult(document: document, recipe: failed ? nil : recipe, diagnostics: all)
  }

  /// Parses `source` into a recipe, throwing `.invalidRecipe` with the first error.
  /// Warnings are dropped; use ``parse(_:file:)`` to see them.
  public static func recipe(_ source: String, file: String) throws(CoreError) -> Recipe {
    let result = parse(source, file: file)
    if let recipe = result.recipe { return recipe }
    let first =
      result.errors.first
      ?? Diagnostic(
        severity: .error, file: file, line: 1, column: 1, message: "recipe cannot be read")
    throw .invalidRecipe(first)
  }
}

/// What ``Cooklang/parse(_:file:)`` found in one file.
public struct CooklangParseResult: Hashable, Sendable {
  /// The file as parsed, with source locations.
  public var document: CooklangDocument
  /// The recipe to run; `nil` when ``errors`` is not empty.
  public var recipe: Recipe?
  /// Errors and warnings, in file order.
  public var diagnostics: [Diagnostic]

  public init(document: CooklangDocument, recipe: Recipe?, diagnostics: [Diagnostic]) {
    self.document = document
    self.recipe = recipe
    self.diagnostics = diagnostics
  }

  public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
  public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
}
