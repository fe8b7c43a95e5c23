import CooktimerCore

extension CookingContentState {
  /// The ActivityKit `relevanceScore` for this state at `now`, the run scored alone (the
  /// previews: `content`, `payload`, `plan`): with several runs live, the Dynamic Island
  /// shows the highest.
  ///
  /// - waiting: 100 — the cook must act now;
  /// - running: 100 − the whole minutes until the shown timer fires, rounded up and clamped
  ///   to 1…98, so 2…99 — the timer firing soonest comes first;
  /// - paused: 1 — nothing happens until the cook resumes;
  /// - finished: 0.
  ///
  /// A running score from minutes drifts as time passes, so the live outbox gives a running
  /// run its place among the device's runs instead (`runningScore`, ``RelevanceRanking``).
  public func relevanceScore(at now: Instant, runningScore: Double? = nil) -> Double {
    switch phase {
    case .waiting: return 100
    case .paused: return 1
    case .finished, .stopped: return 0
    case .running:
      if let runningScore { return runningScore }
      let left = max(0, endDate - now)
      let minutes = min(98, max(1, (left + 59_999) / 60_000))
      return Double(100 - minutes)
    }
  }
}
