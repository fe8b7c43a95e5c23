import CooktimerCore

/// The pushes of a whole run of `recipe` started at `start` with auto-advance, in order
/// (docs/live-activity.md §4; `cooktimer plan`).
///
/// Simulated with the engine (`Run.start(autoAdvance: true)`, then the run left alone to
/// each next moment) and ``ActivityPushes``, the rule the live outbox follows: a `start`
/// (to push-to-start), one push per instant at which timers fire, the cook's `next`
/// ``PlanOptions/untimedStep`` after the run begins waiting, and the renewal of each activity
/// before its 8-hour limit (the fresh one's `start` first, then the old one's `end`). Each
/// push's "now" is its `sendAt`; timestamps rise strictly per activity.
///
/// - Throws: ``ActivityError/refused(_:)`` for a recipe without steps;
///   ``ActivityError/tooLarge(field:bytes:limit:)`` as a single push would.
public func planPushes(
  recipe: Recipe, start: Instant, topic: String?, options: PlanOptions = PlanOptions()
) throws(ActivityError) -> [PlannedPush] {
  var run: Run
  do {
    run = try Run.start(id: "plan", recipe: recipe, autoAdvance: true, at: start).run
  } catch {
    throw .refused(error)
  }
  var lifetime = ActivityLifetime(startedAt: start, span: options.activitySpan)
  var moments = ActivityPushes.change(run, cause: .runStarted, lifetime: &lifetime, at: start)
  var now = start
  while run.isActive {
    let moveOn = run.phase == .waiting
    guard let change = moveOn ? max(now, run.quietSince) + options.untimedStep : run.nextDue
    else { break }  // paused: never in a plan
    moments += ActivityPushes.leftAlone(run, lifetime: &lifetime, after: now, through: change)
    run = run.settled(at: change).run
    now = change
    if moveOn {
      do { _ = try run.next(at: now) } catch { throw .refused(error) }
      moments += ActivityPushes.change(run, cause: .cook(.next), lifetime: &lifetime, at: now)
    }
  }
  var last: [Int: Int64] = [:]
  return try moments.map { moment throws(ActivityError) in
    let timestamp = nextTimestamp(now: moment.at, previous: last[moment.activity])
    last[moment.activity] = timestamp
    var push = options.push
    push.activity = moment.activity
    // The plan's dismissal choice is for the run's final end, not for a retired activity.
    if moment.cause == .activityRetired { push.dismissal = nil }
    let request = try PushRequest.liveActivity(
      moment, timestamp: timestamp, topic: topic, options: push)
    return PlannedPush(
      sendAt: moment.at, event: moment.event, priority: request.priority, target: moment.target,
      activity: moment.activity, timestamp: timestamp, headers: request.headers,
      body: request.body)
  }
}
