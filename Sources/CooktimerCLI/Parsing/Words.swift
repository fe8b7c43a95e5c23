/// Splits a REPL line into words the way a shell would for simple cases: spaces separate,
/// single and double quotes group, a backslash escapes the next character.
///
/// - Throws: `CLIError.usage` for an unterminated quote.
func splitWords(_ line: String) throws(CLIError) -> [String] {
  var words: [String] = []
  var current = ""
  var inWord = false
  var quote: Character?
  var escaped = false
  for ch in line {
    if escaped {
      current.append(ch)
      escaped = false
      continue
    }
    if ch == "\\" && quote != "'" {
      escaped = true
      inWord = true
      continue
    }
    if let q = quote {
      if ch == q { quote = nil } else { current.append(ch) }
      continue
    }
    if ch == "\"" || ch == "'" {
      quote = ch
      inWord = true
    } else if ch == " " || ch == "\t" {
      if inWord { words.append(current) }
      current = ""
      inWord = false
    } else {
      current.append(ch)
      inWord = true
    }
  }
  if quote != nil { throw .usage("unterminated quote in: \(line)") }
  if escaped { current.append("\\") }
  if inWord { words.append(current) }
  return words
}
