import Foundation

/// YAML front matter between a first line `---` and the next `---` line (Cooklang spec
/// "Metadata"), read with ``FrontMatterYAML``.
enum CooklangFrontMatter {
  /// Reads the front matter at the start of `raw` (the file's lines, line endings removed).
  ///
  /// - Returns: the metadata in file order and the index of the first line after it (0 when
  ///   the file has none). Invalid YAML and a `---` never closed are errors with the line
  ///   and column of the problem.
  static func read(
    _ raw: [[Character]], diagnostics: inout CooklangDiagnostics
  ) -> (metadata: [MetadataEntry], bodyStart: Int) {
    guard let first = raw.first, isFence(first) else { return ([], 0) }
    guard let end = raw.indices.dropFirst().first(where: { isFence(raw[$0]) }) else {
      diagnostics.error(
        "front matter opened with \"---\" is never closed: end it with a line \"---\"",
        at: SourceLocation(line: 1, column: 1))
      return ([], 1)
    }
    // Each line keeps its line break, as in the file: a block that ends the front matter
    // (`notes: |`) ends in one, like any other.
    let text = raw[1..<end].map { String($0) + "\n" }.joined()
    switch FrontMatterYAML.read(text) {
    case .empty:
      return ([], end + 1)
    case .value(.map(let entries)):
      return (entries, end + 1)
    case .value(.string):
      // Lines YAML reads as one plain scalar (`cooking time    :30 mins`, as the
      // conformance suite writes it) are still meant as `key: value` pairs.
      return (raw[1..<end].compactMap { CooklangLines.metadataEntry(String($0)) }, end + 1)
    case .value(.list):
      diagnostics.warning(
        "front matter is a list, not \"key: value\" pairs; it is ignored",
        at: SourceLocation(line: 2, column: 1))
      return ([], end + 1)
    case .tooLarge(let problem, let line, let column):
      // The rest of the recipe is still good: only the metadata is refused.
      diagnostics.warning(
        "front matter is ignored: \(problem)",
        at: SourceLocation(line: line + 2, column: column + 1))
      return ([], end + 1)
    case .invalid(let problem, let line, let column):
      diagnostics.error(
        "front matter is not valid YAML: \(problem)",
        at: SourceLocation(line: line + 2, column: column + 1))
      return ([], end + 1)
    }
  }

  private static func isFence(_ line: [Character]) -> Bool {
    String(line).trimmingCharacters(in: .whitespaces) == "---"
  }
}
