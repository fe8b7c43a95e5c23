import CooktimerCore
import Foundation

extension PushRequest {
  /// The push for `moment` with `aps.timestamp` `timestamp` (Unix seconds, which the caller
  /// keeps strictly increasing per activity: ``nextTimestamp(now:previous:)``).
  ///
  /// - Priority, alert, sound and `apns-expiration` (moment + the window) follow the
  ///   moment's cause (``PushRule``); `--priority` overrides the priority only.
  /// - start: `attributes-type`, `attributes` (recipe, run id, activity), an alert (always:
  ///   the phone drops a start without one), `input-push-token: 1`, `apns-collapse-id`; a
  ///   `stale-date` only when it is after `timestamp`.
  /// - update: `stale-date` (the shown timer's end, rounded up) while running.
  /// - end: the final state, `dismissal-date` per the options or the cause.
  /// - Every event carries `relevance-score`. `topic` `nil` leaves out `apns-topic`.
  ///
  /// A body over 4096 bytes (UTF-8, as sent) is shortened: in rounds of 80, 40, 20, 10 and
  /// 0 characters, `nextStepName`, `stepName`, the timer names and `recipeName` are cut
  /// (`StepText.shortened(_:to:)`) until it fits. If even that cannot fit (only a huge
  /// `attributesType` can do this), throws ``ActivityError/tooLarge(field:bytes:limit:)``
  /// and returns nothing: a body over the limit is never emitted.
  public static func liveActivity(
    _ moment: PushMoment, timestamp: Int64, topic: String?, options: PushOptions = PushOptions()
  ) throws(ActivityError) -> PushRequest {
    let rule = PushRule.of(moment.cause)
    return try liveActivity(
      moment, timestamp: timestamp, topic: topic, options: options,
      alertCause: rule.alerts ? moment.cause : nil,
      expiration: moment.at.floorUnixSeconds + rule.expiresAfter)
  }

  /// The request of `moment` whose alert is that of `alertCause` (`nil`: none, save a start's,
  /// which always speaks) and whose `apns-expiration` is `expiration` (Unix s) — capped, on a
  /// start, at its stale date: APNs must not hold a start past the moment it would show stale.
  static func liveActivity(
    _ moment: PushMoment, timestamp: Int64, topic: String?, options: PushOptions,
    alertCause: PushCause?, expiration: Int64, sound: Bool = true
  ) throws(ActivityError) -> PushRequest {
    let event = moment.event
    let now = moment.at
    let run = moment.run.settled(at: now).run
    let cause = moment.cause
    let rule = PushRule.of(cause)
    let priority = options.priority ?? rule.priority
    let state = CookingContentState(run: run, at: now)
    let language = AlertLanguage(locale: run.recipe.locale)
    var texts = PushTexts(
      state: state, recipeName: StepText.shortened(run.recipe.title, to: 80), cause: cause)
    let dismissalRule = options.dismissal ?? PushRule.dismissal(for: cause, at: now)
    let (dismissal, warning) =
      event == .end ? dismissalRule.date(timestamp: timestamp, now: now) : (nil, nil)
    var stale = state.phase == .running && event != .end ? state.endDate.ceilUnixSeconds : nil
    if event == .start, let s = stale, s <= timestamp { stale = nil }
    // A start always speaks: one without an alert never shows (Apple forum 799195).
    let spoken: PushCause? = event == .start ? (alertCause ?? .activityReplaced) : alertCause

    func body(_ texts: PushTexts) throws(ActivityError) -> Data {
      try LiveActivityPushBody(
        event: event, timestamp: timestamp, contentState: texts.state,
        attributesType: event == .start ? options.attributesType : nil,
        attributes: event == .start
          ? CookingAttributes(
            recipeName: texts.recipeName, runId: run.id, activity: moment.activity) : nil,
        alert: spoken.flatMap {
          var alert = PushAlert.of(
            $0 == cause ? texts.cause : $0, state: texts.state, recipeName: texts.recipeName,
            language: language, style: options.alertStyle)
          if !sound { alert?.sound = nil }
          return alert
        },
        staleDate: stale, dismissalDate: dismissal, inputPushToken: event == .start,
        relevanceScore: state.relevanceScore(at: now, runningScore: options.runningScore)
      ).encoded()
    }

    var bytes = try body(texts)
    var steps = PushTexts.shorteningSteps.makeIterator()
    while bytes.count > bodyLimit {
      guard let step = steps.next() else {
        // Every other text is empty by now: only the type name is left to blame.
        throw .tooLarge(field: "attributes-type", bytes: bytes.count, limit: bodyLimit)
      }
      texts.shorten(step)
      bytes = try body(texts)
    }
    var headers = headers(topic: topic, priority: priority)
    let expiration = event == .start ? min(expiration, stale ?? .max) : expiration
    headers["apns-expiration"] = String(expiration)
    if let id = options.apnsID { headers["apns-id"] = id }
    if event == .start {
      headers["apns-collapse-id"] = collapseID(run: run.id, activity: moment.activity)
    }
    return PushRequest(
      event: event, priority: priority, headers: headers, body: bytes, expiration: expiration,
      warnings: warning.map { [$0] } ?? [])
  }

  /// A preview or a one-off push of `event` for `run` at `now`, to activity
  /// `options.activity`, with the cause `options.cause` or the one the state implies.
  public static func liveActivity(
    _ event: PushEvent, run: Run, at now: Instant, timestamp: Int64, topic: String?,
    options: PushOptions = PushOptions()
  ) throws(ActivityError) -> PushRequest {
    let settled = run.settled(at: now).run
    let cause = options.cause ?? PushCause.implied(by: settled, event: event)
    let moment = PushMoment(
      at: now, event: event, cause: cause, activity: options.activity, run: settled)
    return try liveActivity(moment, timestamp: timestamp, topic: topic, options: options)
  }

  /// `apns-collapse-id` of a start: the run and activity, so a retried start replaces its
  /// first copy instead of making a second card (at most 64 bytes, as APNs allows).
  static func collapseID(run: String, activity: Int) -> String {
    String("cooktimer.\(run).\(activity)".utf8.prefix(64))!
  }
}
