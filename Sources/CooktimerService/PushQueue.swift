import CooktimerActivity
import CooktimerCore
import CooktimerStore
import Foundation

/// Turns the push moments of a change into outbox rows inside its transaction: each takes
/// its activity's next timestamp (`max(floor(moment), previous + 1)`, docs/live-activity.md
/// §3), a fresh `apns-id`, and the headers its rule gives. `apns-topic` is not stored: the
/// outbox and the sender add the topic in force when they read it.
struct PushQueue {
  let settings: PushSettings
  let makeAPNsID: @Sendable () -> String

  func enqueue(_ moments: [PushMoment], runID: String, tx: StoreTransaction) throws {
    for moment in moments {
      let timestamp = try tx.nextPushTimestamp(
        runID: runID, activity: moment.activity, now: moment.at)
      let request = try PushRequest.liveActivity(
        moment, timestamp: timestamp, topic: nil,
        options: PushOptions(
          attributesType: settings.attributesType, activity: moment.activity,
          alertStyle: settings.alertStyle ?? .text, apnsID: makeAPNsID()))
      let target: String
      switch moment.target {
      case .pushToStart: target = "push-to-start"
      case .activity(let n): target = String(n)
      }
      try tx.enqueue(
        OutboxDraft(
          event: moment.event.rawValue, timestamp: timestamp,
          priority: request.priority.rawValue, target: target,
          headers: try WireJSON.string(request.headers),
          body: String(decoding: request.body, as: UTF8.self), createdAt: moment.at,
          activity: moment.activity),
        runID: runID)
    }
  }
}
