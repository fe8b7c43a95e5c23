import Foundation

extension RecipeImport {
  /// The file name (without `.cook`) that `title` gives in the recipes folder itself.
  ///
  /// A title is the page's text, not the cook's: it never names a folder or leaves the
  /// recipes folder (only an explicit `--name` may name folders, docs/recipes.md §11). So
  /// `/` and `\` become `-`, control and invisible characters a space, and leading dots
  /// (a hidden file, `..`) and dashes (read as an option by other tools) are dropped.
  ///
  /// ```swift
  /// RecipeImport.fileName(forTitle: "Garlic Shrimp / Test")  // "Garlic Shrimp - Test"
  /// RecipeImport.fileName(forTitle: "../../pwned")           // "pwned"
  /// ```
  public static func fileName(forTitle title: String) -> String {
    var name = String.UnicodeScalarView()
    for scalar in title.unicodeScalars {
      if scalar == "/" || scalar == "\\" {
        name.append("-")
      } else {
        name.append(isInvisible(scalar) ? " " : scalar)
      }
    }
    var safe = Substring(StepText.collapse(String(name)))
    safe = safe.drop { $0 == "." || $0 == "-" || $0 == " " }
    // File systems hold 255 bytes a name; `.cook` and room for a copy's suffix remain.
    while safe.utf8.count > 200 { safe.removeLast() }
    let trimmed = safe.trimmingCharacters(in: .whitespaces)
    return trimmed.isEmpty ? "Imported recipe" : trimmed
  }

  /// Controls, and format characters that reorder or hide text (bidi overrides, zero-width
  /// spaces); the zero-width joiner of emoji sequences stays.
  private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator: return true
    case .format: return scalar != "\u{200D}"
    default: return false
    }
  }
}
