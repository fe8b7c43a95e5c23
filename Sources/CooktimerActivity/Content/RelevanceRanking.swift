import CooktimerCore

/// The order of one device's running runs, for their `relevance-score`s (docs/live-activity.md
/// §3.7). Apple: with several Live Activities, the one with the highest `relevanceScore` shows
/// in the Dynamic Island, equal scores show the one started first, and the score orders the
/// Lock Screen ("ActivityContent.relevanceScore"). The score travels in the push and is fixed
/// until the next one, so it must keep the order while nothing changes: a score from "minutes
/// left", computed for each run alone at its own push, did not (issue 20: two lasagnes, the one
/// firing first scored 40 and the other 90 for 8 minutes). So running runs are ranked by when
/// their next timer ends — an order time does not change — and scored by rank: 99 for the
/// soonest, then 98, … for the first ``ranked``; every later one 2. Waiting (100), paused (1)
/// and ended (0) runs score by phase, above and below every running one.
///
/// Pure: it takes the runs' next timer ends, never reads a clock or the store.
public struct RelevanceRanking: Hashable, Sendable {
  /// How many running runs get a score of their own. A bound keeps one change to at most this
  /// many re-score pushes however many runs a backend holds; past it, equal scores leave the
  /// phone's order to the start (Apple's tie rule).
  public static let ranked = 5
  /// The score of a running run past the ranked ones: above paused (1), below every rank.
  public static let unranked: Double = 2

  /// The first ``ranked`` running runs' ids, soonest timer end first.
  public private(set) var soonestFirst: [String]

  /// - Parameter running: the device's running runs (id, the end of the timer that fires
  ///   next, Unix ms), in any order; ties go by id.
  public init(running: [(runID: String, nextDue: Instant)]) {
    soonestFirst = running.sorted { ($0.nextDue, $0.runID) < ($1.nextDue, $1.runID) }
      .prefix(Self.ranked).map(\.runID)
  }

  /// The `relevance-score` of `runID` while it runs: 99 − its rank (0-based), or
  /// ``unranked``.
  public func runningScore(of runID: String) -> Double {
    soonestFirst.firstIndex(of: runID).map { Double(99 - $0) } ?? Self.unranked
  }

  /// The runs whose running score is not what it was in `before` (soonest first), save
  /// `changed`, whose own push carries its new score: each needs a re-score push.
  public func rescored(from before: RelevanceRanking, except changed: String) -> [String] {
    var seen: Set<String> = [changed]
    return (soonestFirst + before.soonestFirst).filter {
      seen.insert($0).inserted && runningScore(of: $0) != before.runningScore(of: $0)
    }
  }
}
