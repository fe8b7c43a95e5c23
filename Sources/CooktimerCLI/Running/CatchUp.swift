import CooktimerActivity
import CooktimerCore
import CooktimerStore

extension CommandContext {
  /// Records what happened to a stored run by itself since its last change — timers that
  /// fired, steps auto-advance started, Live Activity restarts before the 8-hour limit —
  /// inside `tx`: the events, and the pushes each instant implies, each built as of that
  /// instant (so the phone hears of a step done, with its alert, even when no cooktimer was
  /// running then).
  ///
  /// - Returns: the run settled at `now` (unchanged when nothing happened).
  @discardableResult
  func catchUp(_ run: Run, through now: Instant, tx: StoreTransaction) throws -> Run {
    let (settled, events) = run.settled(at: now)
    let restarts = ActivityLifetime.restarts(of: run, after: run.lastChange, through: now)
    guard !events.isEmpty || !restarts.isEmpty else { return run }
    let changes = Set(events.map(\.at))
    let restartSet = Set(restarts)
    var drafts: [OutboxDraft] = []
    for instant in changes.union(restartSet).sorted() {
      let state = run.settled(at: instant).run
      // At one instant the activity restarts first, so the change goes to the new one.
      if restartSet.contains(instant) {
        drafts += try restartDrafts(for: state, at: instant, tx: tx)
      }
      if changes.contains(instant) {
        // A step that started by itself (auto-advance) needs the cook: an alert, priority 10.
        let advanced = events.contains { $0.at == instant && $0.kind == .stepStarted }
        drafts += try pushDrafts(
          for: state, events: [], at: instant, tx: tx,
          occasion: advanced && state.isActive ? .stepStarted : .change)
      }
    }
    var recorded = settled
    recorded.lastChange = max(recorded.lastChange, now)
    try tx.save(recorded, nextDue: recorded.nextDue)
    try tx.append(events, runID: run.id)
    for draft in drafts { try tx.enqueue(draft, runID: run.id) }
    return recorded
  }

  /// Catches up every active run (see ``catchUp(_:through:tx:)``) in one transaction;
  /// with `notified`, also moves the runs' alarm watermarks (the REPL has rung them).
  func catchUpAll(through now: Instant, only ids: Set<String>? = nil, notified: Bool = false)
    throws
  {
    try store().transaction { tx in
      // Read inside the write transaction: what another process committed is already here.
      for run in try store().activeRuns() where ids?.contains(run.id) ?? true {
        try catchUp(run, through: max(now, run.lastChange), tx: tx)
        if notified { _ = try tx.advanceAlarmWatermark(runID: run.id, through: now) }
      }
    }
  }
}

/// A Live Activity lives at most 8 hours (live-activity.md §4): a run's activity number k
/// covers `[start + (k−1)·span, start + k·span)` with `span` = 8 h − 10 min (as `plan` does),
/// and at each boundary the old activity ends and a fresh one starts by push-to-start.
enum ActivityLifetime {
  static var span: Int64 {
    let options = PlanOptions()
    return options.activityLimit - options.restartMargin
  }

  /// The activity (1, 2, …) that shows `run` at `instant`.
  static func activity(of run: Run, at instant: Instant) -> Int {
    Int(max(0, instant - run.startedAt) / span) + 1
  }

  /// The restart instants in (after, through] while the run is active.
  static func restarts(of run: Run, after: Instant, through: Instant) -> [Instant] {
    var result: [Instant] = []
    var k = activity(of: run, at: after)
    while true {
      let boundary = run.startedAt + Int64(k) * span
      guard boundary <= through else { break }
      if boundary > after, run.settled(at: boundary).run.isActive { result.append(boundary) }
      k += 1
    }
    return result
  }
}
