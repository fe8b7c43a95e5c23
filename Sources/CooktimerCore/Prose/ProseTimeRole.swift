/// What a duration in a step's words is to the cook (issue 23): a countdown to wait for, or
/// another kind of time that a timer would get wrong.
public enum ProseTimeRole: String, Hashable, Sendable {
  /// A wait or an action the cook times: "bake for 15 minutes", "rest another minute".
  case countdown
  /// How long food keeps or holds: "store in the fridge for up to 3 days", "it keeps 2–3
  /// days", "keeps warm for 30 minutes", "use within a week".
  case keeping
  /// A repeat or a step size: "baste every 10 minutes", "in 20 second increments", "1 minute
  /// at a time", "half an hour apart".
  case interval
  /// A time counted back from something else: "about 30 minutes before serving", "up to 2
  /// days ahead", "make it a day in advance".
  case offset
  /// The same length as a countdown said earlier in the step, said again: "Let it sit for 10
  /// minutes. Once it has rested for 10 minutes…".
  case restatement
}

/// Decides the ``ProseTimeRole`` of each duration the scanner found, from the words around
/// it in the same sentence (``ProseRoleWords``).
struct ProseTimeRoles {
  let tokens: [ProseToken]

  func roles(of matches: [ProseDurationScanner.Match]) -> [ProseTimeRole] {
    var roles: [ProseTimeRole] = []
    var countdowns: [(Double, Double?)] = []
    var previous: ProseDurationScanner.Match?
    for match in matches {
      var role = role(of: match)
      if role == .countdown {
        if restates(match, countdowns) || repeatsInParentheses(match, after: previous) {
          role = .restatement
        } else {
          countdowns.append((match.seconds, match.upperSeconds))
          previous = match
        }
      }
      roles.append(role)
    }
    return roles
  }

  private func role(of match: ProseDurationScanner.Match) -> ProseTimeRole {
    // "add the last hops at 0 minutes" (a brewing schedule): a point, not a wait.
    if match.seconds == 0 { return .offset }
    let before = words(before: match.first, limit: 12)
    let after = words(from: match.next, limit: 4)
    let sentence = before + after
    let immediately = before.last
    // "every 10 minutes", "toutes les 10 minutes", "alle 10 Minuten"
    if let immediately, ProseRoleWords.every.contains(immediately) { return .interval }
    if before.count >= 2, before.last == "les", ["toutes", "tous"].contains(before.dropLast().last)
    {
      return .interval
    }
    if after.prefix(3).contains(where: ProseRoleWords.steps.contains) { return .interval }
    if after.starts(with: ["at", "a", "time"]) || after.first == "apart" { return .interval }
    // "for the first 30 minutes", "2 minutes less than the packet"
    if let immediately, ProseRoleWords.window.contains(immediately) { return .offset }
    if let first = after.first, ProseRoleWords.difference.contains(first) { return .offset }
    if after.starts(with: ["de", "moins"]) || after.starts(with: ["de", "plus", "que"]) {
      return .offset
    }
    // "keeps warm for 30 minutes", "store for up to 3 days", "use within a week" — but
    // "store in the fridge for at least 6 hours" is a wait: a minimum is waited for.
    let minimum = ProseRoleWords.atLeast.contains {
      before.suffix(3).starts(with: $0) || before.suffix(2).elementsEqual($0)
    }
    if !minimum, sentence.contains(where: ProseRoleWords.keeping.contains) { return .keeping }
    if sentence.contains(where: ProseRoleWords.holdVerbs.contains),
      sentence.contains(where: ProseRoleWords.warm.contains)
    {
      return .keeping
    }
    if before.suffix(4).contains("within") || before.suffix(4).contains("innerhalb") {
      return .keeping
    }
    if hasUpTo(before) { return .keeping }
    if match.unit >= 86_400, sentence.contains(where: ProseRoleWords.keepVerbs.contains) {
      return .keeping
    }
    // "up to 2 days ahead", "30 minutes before serving"
    if let first = after.first, ProseRoleWords.ahead.contains(first) { return .offset }
    if after.starts(with: ["in", "advance"]) || after.starts(with: ["à", "l", "avance"])
      || after.starts(with: ["im", "voraus"])
    {
      return .offset
    }
    if let first = after.first, ProseRoleWords.before.contains(first),
      !waitWords(before: match.first, sentence: before).contains(
        where: ProseRoleWords.waits.contains)
    {
      return .offset
    }
    return .countdown
  }

  /// The words whose verb the duration belongs to: its own clause ("Boil 60 minutes, adding
  /// hops 30 minutes before the end": "adding hops"), or the sentence when the clause is
  /// only "about" ("cook until tender, about a minute before adding the garlic").
  private func waitWords(before i: Int, sentence: [String]) -> [String] {
    var clause: [String] = []
    var j = i - 1
    while j >= 0, !tokens[j].isSymbol(".;!?:,") {
      if let word = tokens[j].word { clause.append(word) }
      j -= 1
    }
    return clause.allSatisfy(ProseRoleWords.approximately.contains) ? sentence : clause
  }

  /// "for up to 3 days", "bis zu 3 Tage", "jusqu'à 3 jours" just before the duration: a
  /// limit, not a wait.
  private func hasUpTo(_ before: [String]) -> Bool {
    let tail = Array(before.suffix(3))
    for pair in [["up", "to"], ["bis", "zu"], ["jusqu", "à"]] {
      if tail.count >= 2, Array(tail.suffix(2)) == pair { return true }
      if tail.count == 3, Array(tail.prefix(2)) == pair { return true }
    }
    return false
  }

  /// Said again: the same length as an earlier countdown, after a word that looks back
  /// ("once", "after", "has rested").
  private func restates(_ match: ProseDurationScanner.Match, _ earlier: [(Double, Double?)])
    -> Bool
  {
    // "Let rise 3 to 4 hours. During these 4 hours…": either bound said again.
    guard
      earlier.contains(where: {
        ($0.0 == match.seconds && $0.1 == match.upperSeconds)
          || (match.upperSeconds == nil && $0.1 == match.seconds)
      })
    else { return false }
    return words(before: match.first, limit: 6).contains(where: ProseRoleWords.lookBack.contains)
  }

  /// "ca. 8 min (Ober-/Unterhitze ca. 8 min) backen", "beat for 5 minutes, or knead by hand
  /// for 5 minutes": the same length again for another oven or method, in brackets right
  /// after a countdown or after "or".
  private func repeatsInParentheses(
    _ match: ProseDurationScanner.Match, after previous: ProseDurationScanner.Match?
  ) -> Bool {
    guard let previous, previous.seconds == match.seconds,
      previous.upperSeconds == match.upperSeconds
    else { return false }
    let between = previous.next..<match.first
    if between.count <= 8, between.contains(where: { tokens[$0].isSymbol("(") }) { return true }
    // The "or" of "a minute or two" hedges the first time; it names no other method.
    return between.count <= 16
      && between.dropFirst().contains {
        tokens[$0].word.map(["or", "oder", "ou"].contains) ?? false
      }
  }

  /// The words of the same sentence before token `i`, nearest last.
  private func words(before i: Int, limit: Int) -> [String] {
    var out: [String] = []
    var j = i - 1
    while j >= 0, out.count < limit {
      if tokens[j].isSymbol(".;!?:") { break }
      if let word = tokens[j].word { out.append(hyphened(j) ? "-" + word : word) }
      j -= 1
    }
    return out.reversed()
  }

  /// Whether the word at `j` is part of a hyphenated word ("store-bought", "keep-warm"
  /// setting): such words are kept apart from the word lists by a leading "-".
  private func hyphened(_ j: Int) -> Bool {
    func joins(_ k: Int) -> Bool {
      k >= 0 && k < tokens.count && tokens[k].isSymbol("-") && !tokens[k].spaceBefore
    }
    let nextJoined =
      joins(j + 1) && j + 2 < tokens.count && !tokens[j + 2].spaceBefore
      && tokens[j + 2].word != nil
    let previousJoined =
      joins(j - 1) && !tokens[j].spaceBefore && j >= 2
      && tokens[j - 2].word != nil
    return nextJoined || previousJoined
  }

  /// The words of the same sentence from token `i` on.
  private func words(from i: Int, limit: Int) -> [String] {
    var out: [String] = []
    var j = i
    while j < tokens.count, out.count < limit {
      if tokens[j].isSymbol(".;!?:") { break }
      if let word = tokens[j].word { out.append(hyphened(j) ? "-" + word : word) }
      j += 1
    }
    return out
  }
}
