/// `text` cut to at most `limit` characters (Swift `Character`s) for the Lock Screen.
///
/// Longer text is cut at the last whitespace that leaves room for "…", which is appended
/// (live-activity.md §1 `stepName`); one word longer than the limit is cut inside the word.
/// A limit of 1 gives "…", 0 gives "". Text within the limit comes back unchanged.
public func shortenedText(_ text: String, limit: Int = 80) -> String {
  guard text.count > limit else { return text }
  guard limit > 1 else { return limit == 1 ? "…" : "" }
  let head = text.prefix(limit - 1)
  var cut = head
  // The cut falls inside a word unless the character after it is whitespace.
  if !text[head.endIndex].isWhitespace, let space = head.lastIndex(where: \.isWhitespace) {
    cut = head[..<space]
  }
  while let last = cut.last, last.isWhitespace { cut = cut.dropLast() }
  return cut.isEmpty ? String(head) + "…" : String(cut) + "…"
}
