import CooktimerCore
import CooktimerService

extension CommandContext {
  /// `begin rest P1W`, `begin rest 5m30`: a lone word after the timer is the RUN when no
  /// duration reads from it, since run ids (`k4m`, `3af`, `p1w`) can look like anything. When
  /// no run has that id and the word looks like a duration attempt, the cook meant a
  /// duration: report the duration grammar's own error (exit 64), exactly as `add` does,
  /// rather than "no run".
  /// - Throws: `CoreError.invalidDuration` for such a word; nothing otherwise.
  func refuseDurationTakenForRun(_ word: String?) throws {
    guard let word, looksLikeDurationAttempt(word) else { return }
    // With no database yet no run has that id either: the duration's own error (64), as
    // `add` gives, not "no database" (66).
    guard !((try? service().runExists(word)) ?? false) else { return }
    _ = try DurationText.parse(word)
  }
}

/// A word that starts the way a typed duration does: a digit (`5m30`, `90`) or ISO 8601's
/// `P` then a digit or `T` (`P1W`, `PT0S`). `k4m` does not: that is a mistyped run id.
func looksLikeDurationAttempt(_ word: String) -> Bool {
  let chars = Array(word.lowercased())
  guard let first = chars.first else { return false }
  if first.isASCII && first.isNumber { return true }
  guard first == "p", chars.count > 1 else { return false }
  return chars[1] == "t" || (chars[1].isASCII && chars[1].isNumber)
}
