import CooktimerActivity
import CooktimerStore
import Foundation

/// A push claimed for this round: its outbox row, what happened (its typed payload), the
/// request rendered for this attempt, and its (push, token) sends as they stood at the claim.
/// While the lease holds, no other sender moves them, so the sender keeps them in memory for
/// the round instead of reading them again.
struct ClaimedPush {
  var queued: QueuedPush
  /// What the row records; `nil` for a row written before payloads (sent as stored).
  var payload: OutboxPush?
  /// The push's own `apns-id`: the one the first token's send takes.
  var apnsID: String?
  /// `apns-expiration` in Unix seconds (a stored row without one: an hour after it was made).
  var expiration: Int64
  /// `apns-collapse-id`, on starts.
  var collapseID: String?
  /// The body of this attempt, rendered at the claim (``PushRendering``).
  var body: Data
  /// Every send of the push, whatever its state.
  var sends: [PushSend]
  /// The activity whose tokens it goes to (``LiveActivities``); `nil`: its own.
  var address: Int?
  /// Per token, the `apns-priority` this attempt goes at and why (``PriorityBudget``);
  /// a token not named here takes the row's priority.
  var priorities: [String: (priority: Int, reason: String)] = [:]

  init(_ queued: QueuedPush, sends: [PushSend] = []) {
    self.queued = queued
    payload = OutboxPush.decoded(queued.entry.draft.payload)
    self.sends = sends
    body = Data(queued.entry.draft.body.utf8)
    (apnsID, expiration, collapseID) = (nil, 0, nil)
    if let payload {
      // The rendering gives the rest of the headers: the stored JSON is not decoded for a
      // push that is rendered (most) or superseded before it goes.
      apnsID = payload.apnsID
      expiration = payload.expiration
    } else {
      take(storedHeaders: queued.entry.draft.headers)
    }
  }

  /// Takes the `apns-*` headers of the stored row (a JSON object).
  mutating func take(storedHeaders json: String) {
    let headers = try? JSONDecoder().decode([String: String].self, from: Data(json.utf8))
    take(headers: headers ?? [:])
    // The payload's own, where there is one, win over the row's.
    if let payload { (apnsID, expiration) = (payload.apnsID, payload.expiration) }
  }

  /// Takes the `apns-*` headers a rendering gives.
  mutating func take(headers: [String: String]) {
    apnsID = headers["apns-id"]
    expiration =
      headers["apns-expiration"].flatMap { Int64($0) }
      ?? queued.entry.draft.createdAt.unixMilliseconds / 1000 + 3600
    collapseID = headers["apns-collapse-id"]
  }

  var id: Int64 { queued.entry.id }

  /// Updates and ends of one activity of one run replace each other.
  var group: String { "\(queued.entry.runID)#\(queued.entry.draft.activity)" }

  var isStart: Bool { queued.entry.draft.event == "start" }

  /// A backup alert to the device tokens (docs/delivery.md §6).
  var isAlert: Bool { payload?.kind == .alert }

  /// Whether a newer update of its activity replaces it: not a start, not a backup alert.
  var isSupersedable: Bool { !isStart && !isAlert }

  /// "push 4 (start of vo9)", as the failure lines name it.
  var name: String {
    "push \(id) (\(queued.entry.draft.event) of \(queued.entry.runID))"
  }
}
