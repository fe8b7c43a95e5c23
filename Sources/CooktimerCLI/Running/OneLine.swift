import Foundation

/// `text` on one line: every line break (`\n`, `\r\n`, `\r`, and Unicode's line and
/// paragraph separators) becomes ` / `, and surrounding spaces are trimmed around it.
///
/// docs/cli.md §5: errors go to stderr as one line. Messages can hold text the tool did not write —
/// SQLite's integrity report, an argument with a newline in it — so the rule is enforced
/// where lines are made, not trusted to every message.
func oneLine(_ text: String) -> String {
  guard text.contains(where: \.isNewline) else { return text }
  return
    text.split(whereSeparator: \.isNewline)
    .map { $0.trimmingCharacters(in: .whitespaces) }
    .filter { !$0.isEmpty }
    .joined(separator: " / ")
}

/// `text` cut to its first 400 and last 80 characters around ` … ` when it is longer than
/// 500: an error quotes what was typed, and a 100 KB argument echoed whole would bury the
/// message (docs/cli.md §5). The end is kept, as it often says what to do.
func withLengthCapped(_ text: String) -> String {
  guard text.count > 500 else { return text }
  return text.prefix(400) + " … " + text.suffix(80)
}
