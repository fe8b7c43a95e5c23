import CooktimerStore
import Foundation

/// A push claimed for this round: its outbox row, its headers read once, and its (push,
/// token) sends as they stood at the claim. While the lease holds, no other sender moves
/// them, so the sender keeps them in memory for the round instead of reading them again.
struct ClaimedPush {
  var queued: QueuedPush
  /// The stored `apns-*` headers (`apns-id`, `apns-expiration`, `apns-collapse-id`, …).
  let headers: [String: String]
  /// Every send of the push, whatever its state.
  var sends: [PushSend]

  init(_ queued: QueuedPush, sends: [PushSend] = []) {
    self.queued = queued
    headers =
      (try? JSONDecoder().decode(
        [String: String].self, from: Data(queued.entry.draft.headers.utf8))) ?? [:]
    self.sends = sends
  }

  var id: Int64 { queued.entry.id }

  /// `apns-expiration` in Unix seconds (a push queued without one: an hour after it was made).
  var expiration: Int64 {
    Int64(headers["apns-expiration"] ?? "") ?? queued.entry.draft.createdAt.unixMilliseconds
      / 1000 + 3600
  }

  /// Updates and ends of one activity of one run replace each other.
  var group: String { "\(queued.entry.runID)#\(queued.entry.draft.activity)" }

  var isStart: Bool { queued.entry.draft.event == "start" }

  /// "push 4 (start of vo9)", as the failure lines name it.
  var name: String {
    "push \(id) (\(queued.entry.draft.event) of \(queued.entry.runID))"
  }
}
