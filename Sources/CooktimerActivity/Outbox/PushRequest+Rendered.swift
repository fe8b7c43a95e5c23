import CooktimerCore
import Foundation

extension PushRequest {
  /// The request for the outbox row `push` as it goes at `now`: the body shows `run` settled
  /// at `now` (not at the push's moment), with `aps.timestamp` `timestamp` (the caller takes
  /// `max(floor(now), previous + 1)` per activity, docs/live-activity.md §3.5) and a stale
  /// date after `now` while a timer runs; the alert is the push's cause's, or the one it
  /// carries from a superseded update, or none once a backup alert spoke for it.
  /// `apns-expiration` stays the one of the push's moment (a "done" 15 minutes late is not
  /// sent), a start's capped at its stale date. `topic` is the bundle id (`nil`: left out).
  ///
  /// A backup alert row renders as ``alert(_:run:at:topic:)``.
  ///
  /// - Throws: ``ActivityError/tooLarge(field:bytes:limit:)`` as
  ///   ``liveActivity(_:timestamp:topic:options:)``.
  public static func rendered(
    _ push: OutboxPush, run: Run, at now: Instant, timestamp: Int64, topic: String?
  ) throws(ActivityError) -> PushRequest {
    if push.kind == .alert { return try alert(push, run: run, at: now, topic: topic) }
    let at = max(now, run.lastChange)
    let moment = PushMoment(
      at: at, event: push.event, cause: push.cause, activity: push.activity,
      run: run.settled(at: at).run)
    return try liveActivity(
      moment, timestamp: timestamp, topic: topic,
      options: PushOptions(
        priority: push.priority, attributesType: push.attributesType, activity: push.activity,
        alertStyle: push.alertStyle, apnsID: push.apnsID, runningScore: push.runningScore),
      alertCause: push.alertingCause, expiration: push.expiration, sound: !push.soundless)
  }

  /// The backup alert of a fire (`apns-push-type: alert`, `apns-topic` the bundle id,
  /// priority 10): `{"aps": {"alert": {title, body}, "sound": "default",
  /// "interruption-level": "time-sensitive", "thread-id": "cooktimer.RUN"}}` — the Live
  /// Activity alert's words, as the run stands at `now`. Apple, "Generating a remote
  /// notification" (`interruption-level`, `thread-id`); "Sending notification requests to
  /// APNs" (`apns-push-type: alert`, the topic is the bundle id).
  public static func alert(
    _ push: OutboxPush, run: Run, at now: Instant, topic: String?
  ) throws(ActivityError) -> PushRequest {
    let at = max(now, run.lastChange)
    let settled = run.settled(at: at).run
    let state = CookingContentState(run: settled, at: at)
    var alert =
      PushAlert.of(
        push.cause, state: state, recipeName: StepText.shortened(settled.recipe.title, to: 80),
        language: AlertLanguage(locale: settled.recipe.locale), style: push.alertStyle)
      ?? PushAlert()
    let sound = alert.sound
    alert.sound = nil
    alert.nestsLocKeys = false  // an ordinary notification takes the flat keys
    let body = try WireJSON.encode(
      AlertBody(
        aps: AlertBody.APS(
          alert: alert, sound: sound, interruptionLevel: "time-sensitive",
          threadID: "cooktimer.\(run.id)")))
    guard body.count <= bodyLimit else {
      throw .tooLarge(field: "alert", bytes: body.count, limit: bodyLimit)
    }
    var headers = [
      "apns-push-type": "alert", "apns-priority": String(PushPriority.immediately.rawValue),
      "apns-expiration": String(push.expiration), "apns-id": push.apnsID,
    ]
    if let topic { headers["apns-topic"] = alertTopic(topic) }
    return PushRequest(
      event: push.event, priority: .immediately, headers: headers, body: body,
      expiration: push.expiration)
  }

  /// The bundle id an alert goes to: `topic` without `.push-type.liveactivity`.
  public static func alertTopic(_ topic: String) -> String {
    let suffix = ".push-type.liveactivity"
    return topic.hasSuffix(suffix) ? String(topic.dropLast(suffix.count)) : topic
  }

  private struct AlertBody: Encodable {
    struct APS: Encodable {
      var alert: PushAlert
      var sound: String?
      var interruptionLevel: String
      var threadID: String

      enum CodingKeys: String, CodingKey {
        case alert, sound
        case interruptionLevel = "interruption-level"
        case threadID = "thread-id"
      }
    }
    var aps: APS
  }
}
