/// Close misses for "did you mean …?": the candidates a typed word is fewest typos from —
/// a letter added, dropped, changed, or two swapped (optimal string alignment distance),
/// case-insensitively — if that is within a third of the word.
enum NearMiss {
  /// The candidates at the smallest distance from `word`, when it is at most
  /// `max(1, word.count / 3)` (so `spaghettti` finds `spaghetti`, `stauts` finds `status`
  /// and `xyz` finds nothing); at most `limit`, in the order given, each once.
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
    guard let best = scored.map(\.distance).min() else { return [] }
    return scored.filter { $0.distance == best }.prefix(limit).map(\.candidate)
  }

  /// Edits between `a` and `b` (a swap of two neighbours is one); anything over `bound` is
  /// reported as `bound + 1` (the length difference alone rules most candidates out).
  static func distance(_ a: [Character], _ b: [Character], bound: Int) -> Int {
    guard abs(a.count - b.count) <= bound else { return bound + 1 }
    var before: [Int] = []
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var row = [i + 1] + Array(repeating: 0, count: b.count)
      for (j, y) in b.enumerated() {
        row[j + 1] = min(previous[j + 1] + 1, row[j] + 1, previous[j] + (x == y ? 0 : 1))
        if i > 0, j > 0, x == b[j - 1], a[i - 1] == y {
          row[j + 1] = min(row[j + 1], before[j - 1] + 1)
        }
      }
      before = previous
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
