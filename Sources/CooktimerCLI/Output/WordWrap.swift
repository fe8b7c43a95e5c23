/// `text` as lines of at most `width` characters, each starting with `indent`, broken at
/// spaces: a word is never split, and one longer than the room stands alone on its line.
///
/// - Parameters:
///   - text: one line (already made safe for the terminal, see ``TerminalText``).
///   - width: the screen's columns; the indent counts towards them.
func wordWrapped(_ text: String, width: Int, indent: String) -> [String] {
  let room = max(20, width - indent.count)
  var lines: [String] = []
  var line = ""
  for word in text.split(separator: " ", omittingEmptySubsequences: true) {
    if line.isEmpty {
      line = String(word)
    } else if line.count + 1 + word.count <= room {
      line += " " + word
    } else {
      lines.append(line)
      line = String(word)
    }
  }
  lines.append(line)
  return lines.map { indent + $0 }
}
