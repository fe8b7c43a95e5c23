import CooktimerActivity
import CooktimerCore
import CooktimerStore

/// One run's Live Activity bookkeeping inside a transaction: its lifetime as stored, the
/// catch-up of what happened by itself, and the push of a change (``ActivityPushes``).
struct ActivityKeeper {
  var lifetime: ActivityLifetime
  let queue: PushQueue

  init(
    _ run: Run, tx: StoreTransaction, settings: PushSettings,
    makeAPNsID: @escaping @Sendable () -> String
  ) throws {
    let record = try tx.activityRecord(runID: run.id)
    lifetime = ActivityLifetime(
      activity: record.number, startedAt: record.startedAt, isAlive: record.isAlive)
    queue = PushQueue(settings: settings, makeAPNsID: makeAPNsID)
  }

  /// Records what happened to `run` by itself since its last change up to `now`: the
  /// events, the run settled, and the pushes of each fire and renewal, each built as of its
  /// own instant (so the phone hears of a step done, with its alert, even when no cooktimer
  /// was running then), and the re-scores of the other runs it moved (``Rescoring``). Writes
  /// nothing when nothing happened.
  ///
  /// - Returns: the run settled at `now`, its `lastChange` moved there when it changed.
  @discardableResult
  mutating func catchUp(
    _ run: Run, settled given: SettledRun? = nil, through now: Instant, tx: StoreTransaction
  ) throws -> Run {
    let before = lifetime
    // Settled once: the caller's (it settled the run at `now` to select it), else here.
    let caughtUp = given ?? run.settled(at: now)
    let (settled, events) = (caughtUp.run, caughtUp.events)
    let moments = ActivityPushes.leftAlone(
      run, settledAtEnd: settled, lifetime: &lifetime, after: run.lastChange, through: now)
    guard !events.isEmpty || lifetime != before else { return settled }
    var recorded = settled
    recorded.lastChange = max(recorded.lastChange, now)
    let order = try Rescoring.ranking(tx)
    try tx.save(recorded)
    try tx.append(events, runID: run.id)
    try tx.setActivityRecord(ActivityRecord(lifetime), runID: run.id)
    let after = try Rescoring.ranking(tx)
    try queue.enqueue(moments, runID: run.id, ranking: after, tx: tx)
    try Rescoring.rescore(from: order, to: after, except: run.id, at: now, queue: queue, tx: tx)
    return recorded
  }

  /// Records a change made at `now` to `run` (already applied): saves it, logs `events`,
  /// and queues its push, and a re-score for each other run whose place among the device's
  /// runs it moved (``Rescoring``).
  mutating func record(
    _ run: Run, events: [RunEvent], cause: PushCause, at now: Instant, tx: StoreTransaction
  ) throws {
    let before = try Rescoring.ranking(tx)
    try tx.save(run)
    try tx.append(events, runID: run.id)
    let moments = ActivityPushes.change(run, cause: cause, lifetime: &lifetime, at: now)
    try tx.setActivityRecord(ActivityRecord(lifetime), runID: run.id)
    let after = try Rescoring.ranking(tx)
    try queue.enqueue(moments, runID: run.id, ranking: after, tx: tx)
    try Rescoring.rescore(from: before, to: after, except: run.id, at: now, queue: queue, tx: tx)
  }
}
