import CooktimerActivity
import CooktimerCore
import CooktimerStore

/// Several runs on one phone (issue 20; docs/live-activity.md §3.7): when a run changes, the
/// device's running order is read before and after, and every other run whose score moved
/// gets a priority-5 `update` (cause `rescored`) that carries its new `relevance-score` —
/// rendered at send time like every push, never with an alert of its own.
///
/// "The device" is every run with a live activity in this database: every start goes to each
/// push-to-start token, so each phone that has one carries every run. A phone that carries
/// only some (an activity the app started itself) still sees them in the right order, since
/// the scores follow one order of all of them.
enum Rescoring {
  /// The device's running order as stored in `tx` now.
  static func ranking(_ tx: StoreTransaction) throws -> RelevanceRanking {
    RelevanceRanking(running: try tx.soonestRunning(limit: RelevanceRanking.ranked))
  }

  /// Queues a re-score `update` at `now` for each run, save `changed`, whose running score is
  /// not the same in `after` as in `before`, and that is running at `now` with a live
  /// activity (another phase's score does not depend on the order).
  static func rescore(
    from before: RelevanceRanking, to after: RelevanceRanking, except changed: String,
    at now: Instant, queue: PushQueue, tx: StoreTransaction
  ) throws {
    for id in after.rescored(from: before, except: changed) {
      guard let stored = try tx.run(id: id) else { continue }
      let run = stored.settled(at: max(now, stored.lastChange)).run
      let record = try tx.activityRecord(runID: id)
      guard record.isAlive, run.phase == .running else { continue }
      let moment = PushMoment(
        at: max(now, stored.lastChange), event: .update, cause: .rescored,
        activity: record.number, run: run)
      try queue.enqueue([moment], runID: id, ranking: after, tx: tx)
    }
  }
}
