/// Close misses for "did you mean …?": the candidates a typed word is within a few typos
/// of (Levenshtein distance, case-insensitive), the closest first.
enum NearMiss {
  /// At most `limit` of `candidates` within `max(1, word.count / 3)` edits of `word` (so
  /// `spaghettti` finds `spaghetti` and `xyz` finds nothing), closest first, ties in the
  /// order given; each candidate once.
  static func matches(_ word: String, in candidates: [String], limit: Int = 3) -> [String] {
    let typed = Array(word.lowercased())
    // No name is this long: a pasted page is no typo, and the table would be huge.
    guard typed.count <= 100 else { return [] }
    let allowed = max(1, typed.count / 3)
    var scored: [(candidate: String, distance: Int)] = []
    var seen: Set<String> = []
    for candidate in candidates where seen.insert(candidate.lowercased()).inserted {
      let distance = Self.distance(typed, Array(candidate.lowercased()), bound: allowed)
      if distance <= allowed { scored.append((candidate, distance)) }
    }
    let sorted = scored.enumerated().sorted {
      ($0.element.distance, $0.offset) < ($1.element.distance, $1.offset)
    }
    return sorted.prefix(limit).map(\.element.candidate)
  }

  /// Edits between `a` and `b`; anything over `bound` is reported as `bound + 1` (the
  /// length difference alone rules most candidates out before any table is filled).
  static func distance(_ a: [Character], _ b: [Character], bound: Int) -> Int {
    guard abs(a.count - b.count) <= bound else { return bound + 1 }
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var row = [i + 1] + Array(repeating: 0, count: b.count)
      for (j, y) in b.enumerated() {
        row[j + 1] = min(previous[j + 1] + 1, row[j] + 1, previous[j] + (x == y ? 0 : 1))
      }
      previous = row
    }
    return min(previous[b.count], bound + 1)
  }

  /// "a", "a or b", "a, b or c".
  static func alternatives(_ words: [String]) -> String {
    guard words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " or " + words.last!
  }
}
