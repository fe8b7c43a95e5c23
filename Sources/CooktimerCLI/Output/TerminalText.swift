/// Text from recipe files, the database or arguments made safe to print at a terminal: a
/// file may hold escape sequences (`ESC ]0;title BEL`, `ESC [2J`) or carriage returns that
/// would rewrite the screen, and bidi overrides or zero-width characters that reorder or
/// hide what the cook reads. One rule for every human output path (docs/cli.md §5); JSON
/// output is never passed through it, so it stays exact.
///
/// Replacements are visible, never silent deletions: a C0 character becomes its Unicode
/// control picture (`ESC` → `␛`, NUL → `␀`), DEL becomes `␡`, and C1 controls, bidi
/// controls and hiding zero-width characters become U+FFFD.
enum TerminalText {
  /// `text` on one line: runs of whitespace (line breaks included) become one space, and
  /// every other control character is replaced.
  static func line(_ text: String) -> String {
    // Most text (a recipe's titles and steps) is one line already: `status` of 100 runs
    // calls this hundreds of times, so such text is returned as it is after one pass.
    if isOneLine(text) { return text }
    var out = ""
    var pendingSpace = false
    let scalars = Array(text.unicodeScalars)
    for (i, scalar) in scalars.enumerated() {
      if scalar.properties.isWhitespace && replacement(scalars, i) == nil || isBreak(scalar) {
        pendingSpace = !out.isEmpty
        continue
      }
      if pendingSpace {
        out.append(" ")
        pendingSpace = false
      }
      out.unicodeScalars.append(replacement(scalars, i) ?? scalar)
    }
    return out
  }

  /// `text` with its line breaks (`\n`) and tabs kept and every other control character
  /// replaced: for whole outputs made of lines, whatever built them.
  static func block(_ text: String) -> String {
    // Line ends and tabs stay: text holding nothing else to replace is returned as it is.
    guard text.unicodeScalars.contains(where: { $0 != "\n" && $0 != "\t" && needsLook($0) })
    else { return text }
    var out = String.UnicodeScalarView()
    let scalars = Array(text.unicodeScalars)
    for (i, scalar) in scalars.enumerated() {
      if scalar == "\n" || scalar == "\t" {
        out.append(scalar)
      } else if scalar == "\r", i + 1 < scalars.count, scalars[i + 1] == "\n" {
        continue  // a Windows line end is a line end
      } else {
        out.append(replacement(scalars, i) ?? scalar)
      }
    }
    return String(out)
  }

  /// Whether `text` holds anything ``block(_:)`` would replace (for tests and fast paths).
  static func isSafe(_ text: String) -> Bool { block(text) == text }

  /// What stands in for `scalars[i]`, or `nil` when it prints as itself.
  private static func replacement(_ scalars: [Unicode.Scalar], _ i: Int) -> Unicode.Scalar? {
    let v = scalars[i].value
    switch v {
    case 0x00..<0x20: return Unicode.Scalar(0x2400 + v)
    case 0x7F: return "\u{2421}"
    case 0x80...0x9F: return "\u{FFFD}"
    // Bidi embeddings, overrides, isolates and marks reorder what follows them.
    case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return "\u{FFFD}"
    // Zero-width characters that can hide or split words; line and paragraph separators.
    case 0x200B, 0x200C, 0x2060, 0xFEFF, 0x2028, 0x2029: return "\u{FFFD}"
    case 0x200D:
      // The zero-width joiner belongs inside emoji sequences (👨‍🍳); elsewhere it hides.
      let before = i > 0 && scalars[i - 1].properties.isEmoji && scalars[i - 1].value > 0xFF
      let after =
        i + 1 < scalars.count && scalars[i + 1].properties.isEmoji && scalars[i + 1].value > 0xFF
      return before && after ? nil : "\u{FFFD}"
    default: return nil
    }
  }

  /// Line breaks `line` folds into a space.
  /// Whether ``line(_:)`` would return `text` unchanged: nothing to replace, no whitespace
  /// but single spaces between words. (``needsLook(_:)`` holds every scalar that has a
  /// replacement, and every break.)
  private static func isOneLine(_ text: String) -> Bool {
    var afterSpace = true  // a leading space is dropped
    for scalar in text.unicodeScalars {
      // Printable ASCII other than the space is neither a break, whitespace nor a scalar to
      // replace: no Unicode property lookup for it (most of what `status` prints).
      if scalar.value > 0x20 && scalar.value < 0x7F {
        afterSpace = false
      } else if scalar == " " {
        if afterSpace { return false }
        afterSpace = true
      } else if needsLook(scalar) || isBreak(scalar) || scalar.properties.isWhitespace {
        return false
      } else {
        afterSpace = false
      }
    }
    return !afterSpace || text.isEmpty
  }

  private static func isBreak(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "\n", "\r", "\t", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": return true
    default: return false
    }
  }

  private static func needsLook(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    return v < 0x20 || (0x7F...0x9F).contains(v) || (0x200B...0x200F).contains(v)
      || (0x2028...0x202E).contains(v) || (0x2060...0x2069).contains(v) || v == 0xFEFF
      || v == 0x061C
  }
}
