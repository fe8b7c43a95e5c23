import CooktimerActivity
import CooktimerCore
import CooktimerStore

extension CommandContext {
  /// Records what happened to a stored run by itself since its last change — timers that
  /// fired, steps auto-advance started — inside `tx`: the events, and one Live Activity push
  /// per instant something changed, each built as of that instant (so the phone hears of a
  /// step done, with its alert, even when no cooktimer was running then).
  ///
  /// - Returns: the run settled at `now` (unchanged when nothing happened).
  @discardableResult
  func catchUp(_ run: Run, through now: Instant, tx: StoreTransaction) throws -> Run {
    let (settled, events) = run.settled(at: now)
    guard !events.isEmpty else { return run }
    var drafts: [OutboxDraft] = []
    var instants: [Instant] = []
    for event in events where instants.last != event.at { instants.append(event.at) }
    for instant in instants {
      drafts += try pushDrafts(for: run.settled(at: instant).run, events: [], at: instant, tx: tx)
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
      for run in try store().activeRuns() where ids?.contains(run.id) ?? true {
        guard let fresh = try tx.run(id: run.id) else { continue }
        try catchUp(fresh, through: max(now, fresh.lastChange), tx: tx)
        if notified { _ = try tx.advanceAlarmWatermark(runID: run.id, through: now) }
      }
    }
  }
}
