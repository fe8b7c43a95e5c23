extension Run {
  /// What happens to the run left alone in the interval (`from`, `to`]: timers that fire,
  /// the timers that start after them and, with ``autoAdvance``, steps that start and the
  /// run finishing — in the order they happen, each at its exact instant.
  ///
  /// The REPL calls it with the instant it last checked, to ring every alarm due since
  /// (also after downtime, late). Only what follows ``lastChange`` is known: a `from` before
  /// it yields the events from `lastChange` on; a `to` at or before it yields none.
  ///
  /// - Parameters:
  ///   - from: exclusive start, Unix epoch milliseconds.
  ///   - to: inclusive end, Unix epoch milliseconds.
  ///
  /// ```swift
  /// run.events(after: lastChecked, through: now).filter { $0.kind == .timerFired }
  /// ```
  public func events(after from: Instant, through to: Instant) -> [RunEvent] {
    guard to > from else { return [] }
    return settled(at: to).events.filter { $0.at > from && $0.at <= to }
  }

  /// The alarms due in (`from`, `to`]: the indices into ``timers`` of the timers that fire,
  /// in firing order (ties in recipe order). See ``events(after:through:)``.
  public func timersFiring(after from: Instant, through to: Instant) -> [Int] {
    events(after: from, through: to).compactMap { $0.kind == .timerFired ? $0.timer : nil }
  }
}
