/// Text from recipe files made safe to print at a terminal: a file may hold escape sequences
/// (`ESC [2J`) or carriage returns that would rewrite the screen.
enum TerminalText {
  /// `text` on one line: runs of whitespace (line breaks included) become one space, and any
  /// other control character (C0, DEL, C1) becomes U+FFFD.
  static func line(_ text: String) -> String {
    var out = ""
    var pendingSpace = false
    for scalar in text.unicodeScalars {
      if scalar.properties.isWhitespace {
        pendingSpace = !out.isEmpty
        continue
      }
      if pendingSpace {
        out.append(" ")
        pendingSpace = false
      }
      out.unicodeScalars.append(isControl(scalar) ? "\u{FFFD}" : scalar)
    }
    return out
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
