import CooktimerCore
import Foundation

/// A Live Activity push request to send, written in the same transaction as the state change
/// it announces. The store keeps it opaque: headers and body are the exact JSON to send.
public struct OutboxDraft: Hashable, Sendable {
  /// `start`, `update` or `end`.
  public var event: String
  /// The APNs `aps.timestamp`, Unix seconds (take it with
  /// ``StoreTransaction/nextPushTimestamp(runID:now:)``).
  public var timestamp: Int64
  /// `apns-priority`: 5 or 10.
  public var priority: Int
  /// `"push-to-start"` or the activity's number (`"1"`, `"2"`, …).
  public var target: String
  /// The HTTP headers as a JSON object.
  public var headers: String
  /// The request body, the exact bytes to POST.
  public var body: String
  /// When the request was made.
  public var createdAt: Instant
  /// The activity it belongs to (for a start: the one it creates), 1-based.
  public var activity: Int
  /// What happened, as CooktimerActivity's `OutboxPush` encodes it (opaque here): the sender
  /// renders the body from it when it sends. `nil` on rows written before migration 9.
  public var payload: Data?

  public init(
    event: String, timestamp: Int64, priority: Int, target: String, headers: String,
    body: String, createdAt: Instant, activity: Int = 1, payload: Data? = nil
  ) {
    self.payload = payload
    self.event = event
    self.timestamp = timestamp
    self.priority = priority
    self.target = target
    self.headers = headers
    self.body = body
    self.createdAt = createdAt
    self.activity = activity
  }
}

/// Where a run's Live Activity stands, as stored: its number, when it started, and whether
/// it is alive (docs/live-activity.md §4).
public struct ActivityRecord: Hashable, Sendable {
  public var number: Int
  /// Unix ms.
  public var startedAt: Instant
  public var isAlive: Bool

  public init(number: Int, startedAt: Instant, isAlive: Bool) {
    self.number = number
    self.startedAt = startedAt
    self.isAlive = isAlive
  }
}

/// A stored push request: a draft with its place in the queue.
public struct OutboxEntry: Hashable, Sendable {
  /// Increasing in the order the requests were made; never reused.
  public var id: Int64
  /// The run it belongs to.
  public var runID: String
  /// What was written.
  public var draft: OutboxDraft
  /// When it was marked sent; `nil` while pending.
  public var sentAt: Instant?

  public init(id: Int64, runID: String, draft: OutboxDraft, sentAt: Instant?) {
    self.id = id
    self.runID = runID
    self.draft = draft
    self.sentAt = sentAt
  }
}
