import CooktimerActivity
import CooktimerCore
import CooktimerStore
import Foundation

/// Turns the push moments of a change into outbox rows inside its transaction: each records
/// what happened (CooktimerActivity's `OutboxPush`: cause, moment, activity, a fresh
/// `apns-id`, the rule's priority and expiration), with the body as of its moment, which the
/// sender renders again when it sends, and the run's running score among the device's runs
/// (``RelevanceRanking``). `apns-topic` is not stored: the outbox and the sender add the topic
/// in force when they read it.
struct PushQueue {
  let settings: PushSettings
  let makeAPNsID: @Sendable () -> String

  /// - Parameter ranking: the device's running order after the change (`nil`: the run is
  ///   scored alone).
  func enqueue(
    _ moments: [PushMoment], runID: String, ranking: RelevanceRanking?, tx: StoreTransaction
  ) throws {
    for moment in moments {
      // Peeked, not taken: the sender takes the timestamp of the second it sends in.
      let timestamp = try tx.peekPushTimestamp(
        runID: runID, activity: moment.activity, now: moment.at)
      let rule = PushRule.of(moment.cause)
      let push = OutboxPush(
        event: moment.event, cause: moment.cause, activity: moment.activity, moment: moment.at,
        apnsID: makeAPNsID(), priority: rule.priority,
        expiration: moment.at.floorUnixSeconds + rule.expiresAfter,
        attributesType: settings.attributesType, alertStyle: settings.alertStyle ?? .text,
        runningScore: ranking?.runningScore(of: runID))
      // The body as of the moment, for a reader of the row; the sender renders it again
      // when it sends (RunService.render).
      let request = try PushRequest.rendered(
        push, run: moment.run, at: moment.at, timestamp: timestamp, topic: nil)
      try tx.enqueue(
        OutboxDraft(
          event: moment.event.rawValue, timestamp: timestamp,
          priority: request.priority.rawValue, target: push.target.stored,
          headers: try WireJSON.string(request.headers),
          body: String(decoding: request.body, as: UTF8.self), createdAt: moment.at,
          activity: moment.activity, payload: push.encoded()),
        runID: runID)
    }
  }
}
