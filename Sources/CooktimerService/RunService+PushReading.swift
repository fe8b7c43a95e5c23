import CooktimerActivity
import CooktimerCore
import CooktimerStore

extension RunService {
  /// A preview of the `event` push for the run named `given` at `now`: what its next push
  /// would be, with the timestamp it would take — taking none and recording nothing
  /// (docs/cli.md §2.5 `payload`). The topic is the one in force, if any. An `end` of a run
  /// still going shows the push of stopping it now (phase `stopped`, its dismissal).
  ///
  /// - Throws: ``ServiceError/noSuchRun(_:)`` (or no active run, several);
  ///   ``ServiceError/core(_:)`` (`refused`) for a start or update of a run that has ended;
  ///   ``ServiceError/activity(_:)`` when no body fits 4096 bytes; ``ServiceError/database(_:)``.
  public func previewPush(
    _ event: PushEvent, of given: String?, dismissal: Dismissal?, priority: PushPriority?,
    at now: Instant? = nil
  ) throws(ServiceError) -> PushRequest {
    let now = now ?? clock.now()
    return try reading { tx in
      let settings = try self.settings.resolved(tx, remember: false)
      let stored = try select(given, tx: tx, at: now)
      let at = max(now, stored.lastChange)
      var run = stored.settled(at: at).run
      if event == .end, run.isActive {
        // `payload end` of a live run previews what the outbox would queue if the cook
        // stopped it now: phase `stopped`, dismissed a minute later (issue 20: it showed
        // `phase: running` and no dismissal). Nothing is stored.
        _ = try run.stop(at: at)
      }
      if event != .end, !run.isActive {
        throw CoreError.refused(
          runID: run.id, phase: run.phase,
          message: "\(run.id) has ended: only `payload end` applies")
      }
      let record = try tx.activityRecord(runID: run.id)
      let activity = event == .start && !record.isAlive ? record.number + 1 : record.number
      let timestamp = try tx.peekPushTimestamp(runID: run.id, activity: activity, now: at)
      return try PushRequest.liveActivity(
        event, run: run, at: at, timestamp: timestamp, topic: settings.topic,
        options: PushOptions(
          priority: priority, dismissal: dismissal, attributesType: settings.attributesType,
          activity: activity, alertStyle: settings.alertStyle ?? .text))
    }
  }

  /// The pending pushes, oldest first, after recording what fired since the last change
  /// (a sender reads here, so the pushes of fires nobody saw are queued first), each as it
  /// would go at `now`: body, headers and timestamp rendered from its run's state then,
  /// taking no timestamp (``PushRendering``).
  ///
  /// - Throws: ``ServiceError/database(_:)``; ``ServiceError/activity(_:)`` when a push
  ///   cannot be built (nothing is queued then).
  public func pendingPushes(at now: Instant? = nil, limit: Int = 1000, after: Int64 = 0)
    throws(ServiceError)
    -> [OutboxEntry]
  {
    let now = now ?? clock.now()
    try catchUpAll(through: now)
    let entries = try ServiceError.storing { try store.pendingOutbox(limit: limit, after: after) }
    return try reading { tx in
      // Per activity, the timestamp the previous row would take if all went now.
      var taken: [String: Int64] = [:]
      var runs: [String: Run?] = [:]
      var ranking: RelevanceRanking?
      return try entries.map { entry in
        let key = "\(entry.runID)#\(entry.draft.activity)"
        let rendered = try PushRendering.render(
          entry, at: now, take: false, after: taken[key], runs: &runs, ranking: &ranking, tx: tx
        ).entry
        if rendered.draft.payload != nil, entry.draft.event != "alert" {
          taken[key] = rendered.draft.timestamp
        }
        return rendered
      }
    }
  }
}
