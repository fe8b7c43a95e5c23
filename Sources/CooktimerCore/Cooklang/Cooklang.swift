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
    // Beyond the limits nothing is parsed: the refusal must cost no more than a look.
    if source.utf8.count > CooklangLimits.fileBytes {
      return refused(CooklangLimits.tooLarge(source.utf8.count, file: file))
    }
    if let long = CooklangLimits.longLine(in: source, file: file) { return refused(long) }
    var diagnostics = CooklangDiagnostics(file: file)
    let (metadata, lines) = CooklangLines.read(source, diagnostics: &diagnostics)
    let document = CooklangBlocks.document(
      metadata: metadata, lines: lines, diagnostics: &diagnostics)
    CooklangLimits.check(document, &diagnostics)
    let recipe = CooklangRecipe.recipe(from: document, file: file, diagnostics: &diagnostics)
    let all = diagnostics.all.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    let failed = all.contains { $0.severity == .error }
    return CooklangParseResult(document: document, recipe: failed ? nil : recipe, diagnostics: all)
  }

  /// Parses a file's bytes: a file that is not UTF-8 is refused at its first bad byte
  /// (a binary file is not a recipe with garbage steps), and so is one over the size limit.
  public static func parse(bytes: [UInt8], file: String) -> CooklangParseResult {
    if bytes.count > CooklangLimits.fileBytes {
      return refused(CooklangLimits.tooLarge(bytes.count, file: file))
    }
    if let bad = CooklangLimits.firstInvalidUTF8(bytes) {
      let hex = String(bad.byte, radix: 16, uppercase: true)
      return refused(
        Diagnostic(
          severity: .error, file: file, line: bad.line, column: bad.column,
          message: "the file is not UTF-8 text (byte 0x\(hex.count == 1 ? "0" : "")\(hex))"))
    }
    return parse(String(decoding: bytes, as: UTF8.self), file: file)
  }

  private static func refused(_ diagnostic: Diagnostic) -> CooklangParseResult {
    CooklangParseResult(document: CooklangDocument(), recipe: nil, diagnostics: [diagnostic])
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
