import CooktimerActivity
import CooktimerCore
import CooktimerStore
import Foundation

/// The backup alert of a fire (issue 20; docs/delivery.md §6): when a timer fires and its run
/// has no live activity that accepted a push — no update token, its start refused, its token
/// dead, the push failed for good — an ordinary alert push goes to the app's device tokens
/// with the Live Activity alert's words. Once per fire: the Live Activity push it stands in
/// for is silenced by the caller, so the cook never hears one fire twice.
public enum BackupAlert {
  /// Queues the backup alert of the fire `push` carries, for `runID`, at `now`: an outbox row
  /// with event `alert` and target `device`, priority 10, expiring with the fire.
  ///
  /// - Returns: whether a row was queued: none when `push` carries no fire, the run is gone,
  ///   or the app has reported no device token (then the Live Activity push keeps its alert
  ///   and waits for its token, as before: an alert with nowhere to go must not silence it).
  /// - Throws: `StoreError`; `ActivityError.tooLarge` when no alert body fits.
  @discardableResult
  public static func queue(
    for push: OutboxPush, runID: String, at now: Instant, apnsID: String, tx: StoreTransaction
  ) throws -> Bool {
    guard let fire = push.alertingCause, fire.isFire, try !tx.deviceTokens().isEmpty,
      let run = try tx.run(id: runID)
    else { return false }
    let alert = OutboxPush(
      kind: .alert, event: .update, cause: fire, activity: push.activity, moment: push.moment,
      apnsID: apnsID, priority: .immediately, expiration: push.expiration,
      attributesType: push.attributesType, alertStyle: push.alertStyle)
    let request = try PushRequest.alert(alert, run: run, at: now, topic: nil)
    try tx.enqueue(
      OutboxDraft(
        event: "alert", timestamp: now.floorUnixSeconds, priority: request.priority.rawValue,
        target: alert.target.stored, headers: try WireJSON.string(request.headers),
        body: String(decoding: request.body, as: UTF8.self), createdAt: now,
        activity: push.activity, payload: alert.encoded()),
      runID: runID)
    return true
  }
}
