import CooktimerCore

/// The pushes of a whole run of `recipe` started at `start` with auto-advance, in order
/// (live-activity.md §4; `cooktimer plan`).
///
/// Simulated with the engine: `Run.start(autoAdvance: true)`, then the run settled at each
/// next timer fire. Emits a `start` (to push-to-start), an `update` whenever the content
/// state changes (every step boundary, and every timer fire that changes the shown timer),
/// and the `end` when the run finishes. When the run waits for the cook, `next` is assumed
/// ``PlanOptions/untimedStep`` later. Before an activity reaches the 8-hour limit (at
/// `activityLimit − restartMargin` after its start) the plan ends it (dismissed at once) and
/// starts the next one by push-to-start at the same instant with the current state, so
/// nothing ends silently. Each push's "now" is its `sendAt`; timestamps rise strictly.
///
/// - Throws: ``ActivityError/refused(_:)`` for a recipe without steps;
///   ``ActivityError/tooLarge(field:bytes:limit:)`` as a single push would.
public func planPushes(
  recipe: Recipe, start: Instant, topic: String, options: PlanOptions = PlanOptions()
) throws(ActivityError) -> [PlannedPush] {
  var planner = PushPlanner(topic: topic, options: options, activityStart: start)
  var run: Run
  do {
    run = try Run.start(id: "plan", recipe: recipe, autoAdvance: true, at: start).run
  } catch {
    throw .refused(error)
  }
  var now = start
  try planner.emit(.start, run: run, at: now)
  while run.isActive {
    let moveOn = run.phase == .waiting
    guard let change = moveOn ? max(now, run.quietSince) + options.untimedStep : run.nextDue
    else { break }  // paused: never in a plan
    let deadline = planner.activityStart + options.activitySpan
    if change > deadline {
      now = deadline
      try planner.restart(run: run, at: now)
      continue
    }
    now = change
    if moveOn {
      do { _ = try run.next(at: now) } catch { throw .refused(error) }
    } else {
      run = run.settled(at: now).run
    }
    if !run.isActive {
      try planner.emit(.end, run: run, at: now, dismissal: options.push.dismissal)
    } else if CookingContentState(run: run, at: now) != planner.lastState {
      // A step that started by itself needs the cook: say so aloud.
      let advanced = !moveOn && run.stepNumber != planner.lastState?.stepNumber
      try planner.emit(.update, run: run, at: now, occasion: advanced ? .stepStarted : .change)
    }
  }
  return planner.pushes
}

/// The bookkeeping of ``planPushes(recipe:start:topic:options:)``.
private struct PushPlanner {
  let topic: String
  let options: PlanOptions
  var activityStart: Instant
  var activity = 1
  var previousTimestamp: Int64?
  var lastState: CookingContentState?
  var pushes: [PlannedPush] = []

  init(topic: String, options: PlanOptions, activityStart: Instant) {
    self.topic = topic
    self.options = options
    self.activityStart = activityStart
  }

  /// Ends the current activity at `now` and starts the next one.
  mutating func restart(run: Run, at now: Instant) throws(ActivityError) {
    try emit(.end, run: run, at: now, dismissal: .immediate)
    activity += 1
    activityStart = now
    try emit(.start, run: run, at: now, occasion: .activityRestart)
  }

  mutating func emit(
    _ event: PushEvent, run: Run, at now: Instant, dismissal: Dismissal = .systemDefault,
    occasion: PushOccasion = .change
  ) throws(ActivityError) {
    let timestamp = nextTimestamp(now: now, previous: previousTimestamp)
    var pushOptions = options.push
    pushOptions.dismissal = dismissal
    pushOptions.occasion = occasion
    let request = try PushRequest.liveActivity(
      event, run: run, at: now, timestamp: timestamp, topic: topic, options: pushOptions)
    pushes.append(
      PlannedPush(
        sendAt: now, event: event, priority: request.priority,
        target: event == .start ? .pushToStart : .activity(activity), activity: activity,
        timestamp: timestamp, headers: request.headers, body: request.body))
    previousTimestamp = timestamp
    lastState = CookingContentState(run: run, at: now)
  }
}
