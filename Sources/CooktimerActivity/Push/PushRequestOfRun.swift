import CooktimerCore
import Foundation

extension PushRequest {
  /// The `event` push for `run` at `now` (settled to `now` first).
  ///
  /// - `timestamp`: Unix seconds from the caller, who keeps it strictly increasing per run
  ///   (``nextTimestamp(now:previous:)``).
  /// - start: `attributes-type`, `attributes`, `alert`, `input-push-token: 1`; a
  ///   `stale-date` only when it is after `timestamp`.
  /// - update: `stale-date` while running; an alert when the state is waiting or finished.
  /// - end: the final state, `dismissal-date` per `options.dismissal`; an alert when the
  ///   run is waiting or finished.
  /// - Every event carries `relevance-score`.
  ///
  /// A body over 4096 bytes (UTF-8, as sent) is shortened: in rounds of 80, 40, 20, 10 and
  /// 0 characters, `nextStepName`, `stepName`, the timer names and `recipeName` are cut
  /// (`StepText.shortened(_:to:)`) until it fits. If even that cannot fit (only a huge
  /// `attributesType` can do this), throws ``ActivityError/tooLarge(field:bytes:limit:)``
  /// and returns nothing: a body over the limit is never emitted.
  public static func liveActivity(
    _ event: PushEvent, run: Run, at now: Instant, timestamp: Int64, topic: String,
    options: PushOptions = PushOptions()
  ) throws(ActivityError) -> PushRequest {
    let settled = run.settled(at: now).run
    let state = CookingContentState(run: settled, at: now)
    var priority = options.priority ?? defaultPriority(event, state.phase)
    if options.priority == nil, options.occasion == .stepStarted { priority = .immediately }
    let stopped: Bool
    if case .stopped = settled.status { stopped = true } else { stopped = false }
    var texts = PushTexts(
      state: state, recipeName: settled.recipe.title,
      firedTimerName: state.phase == .waiting ? lastFiredTimerName(settled) : nil)
    let (dismissal, warning) =
      event == .end ? options.dismissal.date(timestamp: timestamp, now: now) : (nil, nil)
    var stale = state.phase == .running && event != .end ? ceilUnixSeconds(state.endDate) : nil
    if event == .start, let s = stale, s <= timestamp { stale = nil }

    func body(_ texts: PushTexts) throws(ActivityError) -> Data {
      try LiveActivityPushBody(
        event: event, timestamp: timestamp, contentState: texts.state,
        attributesType: event == .start ? options.attributesType : nil,
        attributes: event == .start ? CookingAttributes(recipeName: texts.recipeName) : nil,
        alert: PushAlert.make(
          event: event, state: texts.state, recipeName: texts.recipeName,
          firedTimerName: texts.firedTimerName, occasion: options.occasion, stopped: stopped),
        staleDate: stale, dismissalDate: dismissal, inputPushToken: event == .start,
        relevanceScore: state.relevanceScore(at: now)
      ).encoded()
    }

    var bytes = try body(texts)
    var steps = PushTexts.shorteningSteps.makeIterator()
    while bytes.count > bodyLimit {
      guard let step = steps.next() else {
        // Every other text is empty by now: only the type name is left to blame.
        let field = "attributes-type"
        throw .tooLarge(field: field, bytes: bytes.count, limit: bodyLimit)
      }
      texts.shorten(step)
      bytes = try body(texts)
    }
    return PushRequest(
      event: event, priority: priority, headers: headers(topic: topic, priority: priority),
      body: bytes, warnings: warning.map { [$0] } ?? [])
  }

  /// 10 for start, end and updates into waiting (they carry an alert) or finished; else 5.
  static func defaultPriority(_ event: PushEvent, _ phase: ContentPhase) -> PushPriority {
    switch (event, phase) {
    case (.start, _), (.end, _), (.update, .waiting), (.update, .finished): return .immediately
    case (.update, .running), (.update, .paused): return .consideringDevicePower
    }
  }

  /// The name of the timer whose firing made the run wait; `nil` for an untimed step.
  static func lastFiredTimerName(_ run: Run) -> String? {
    guard let since = run.idleSince else { return nil }
    return run.timers.last { $0.state == .fired(at: since) }?.name
  }
}
