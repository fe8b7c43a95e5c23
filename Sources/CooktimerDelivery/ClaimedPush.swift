import CooktimerStore
import Foundation

/// A push claimed for this round: its outbox row, the headers the sender needs read once,
/// and its (push, token) sends as they stood at the claim. While the lease holds, no other sender moves
/// them, so the sender keeps them in memory for the round instead of reading them again.
struct ClaimedPush {
  var queued: QueuedPush
  /// The stored `apns-id`: the one the first token's send takes.
  let apnsID: String?
  /// `apns-expiration` in Unix seconds (a push queued without one: an hour after it was made).
  let expiration: Int64
  /// `apns-collapse-id`, on starts.
  let collapseID: String?
  /// Every send of the push, whatever its state.
  var sends: [PushSend]

  init(_ queued: QueuedPush, sends: [PushSend] = []) {
    self.queued = queued
    let headers = try? JSONDecoder().decode(
      StoredHeaders.self, from: Data(queued.entry.draft.headers.utf8))
    apnsID = headers?.apnsID
    expiration =
      headers?.expiration.flatMap { Int64($0) }
      ?? queued.entry.draft.createdAt.unixMilliseconds / 1000 + 3600
    collapseID = headers?.collapseID
    self.sends = sends
  }

  var id: Int64 { queued.entry.id }

  /// Updates and ends of one activity of one run replace each other.
  var group: String { "\(queued.entry.runID)#\(queued.entry.draft.activity)" }

  var isStart: Bool { queued.entry.draft.event == "start" }

  /// "push 4 (start of vo9)", as the failure lines name it.
  var name: String {
    "push \(id) (\(queued.entry.draft.event) of \(queued.entry.runID))"
  }
}

/// The stored headers the sender reads (the others are rebuilt by ``APNsRequest``); only
/// these are kept for a round, so a round of a thousand pushes stays small.
private struct StoredHeaders: Decodable {
  var apnsID: String?
  var expiration: String?
  var collapseID: String?

  enum CodingKeys: String, CodingKey {
    case apnsID = "apns-id"
    case expiration = "apns-expiration"
    case collapseID = "apns-collapse-id"
  }
}
