import CooktimerActivity
import CooktimerCore
import CooktimerStore
import Foundation

/// An outbox row rendered at a send time: the row with the body, headers and timestamp it
/// carries then, and the request (`nil` for a row written before payloads, which goes as
/// stored, or whose run is gone).
public struct RenderedPush: Sendable {
  public var entry: OutboxEntry
  public var request: PushRequest?
}

/// The one place an outbox row becomes bytes: the sender when it sends, `outbox` when it
/// shows what would go now (issue 20: render at send time).
public enum PushRendering {
  /// `entry` rendered at `now` from its run's state then, its `aps.timestamp` the activity's
  /// next (`max(floor(now), previous + 1)`, docs/live-activity.md §3.5) — taken when `take`
  /// (a send: every attempt and retry takes a fresh one), peeked otherwise (a preview).
  /// `timestampActivity` is the activity whose timestamps the push follows (the one whose
  /// token it goes to); `nil`: the row's. `topic` `nil` leaves `apns-topic` out.
  ///
  /// - Throws: `ActivityError.tooLarge` when no body fits; `StoreError` from the store.
  /// - Parameters:
  ///   - after: for a preview, the timestamp an earlier row of the same activity would have
  ///     taken in this same look (so a list of previews rises as sends would).
  ///   - payload: the row's payload when the caller has decoded it already (`nil`: decoded
  ///     here); decoding it costs as much as rendering the body.
  ///   - runs: the runs read so far in this transaction, by id: a run is read (and its JSON
  ///     decoded) once per round however many of its pushes go. Only for a caller that
  ///     changes no run in between.
  ///   - ranking: the device's running order read so far in this transaction (`nil`: read
  ///     here when a push needs it, then kept). A row that carries a running score
  ///     (queued since re-scoring) goes with the run's place in the order *now*: two
  ///     changes committed side by side (PostgreSQL) each ranked the runs without the
  ///     other's change, and the score they stored would stay on the phone until the next
  ///     push.
  ///   - taken: with `take`, the activity's next timestamp already taken for this push
  ///     (a sender takes a round's together, ``StoreTransaction/nextPushTimestamps(_:now:)``).
  public static func render(
    _ entry: OutboxEntry, at now: Instant, topic: String? = nil, take: Bool,
    after: Int64? = nil, timestampActivity: Int? = nil, payload: OutboxPush? = nil,
    timestamp taken: Int64? = nil, runs: inout [String: Run?], ranking: inout RelevanceRanking?,
    tx: StoreTransaction
  ) throws -> RenderedPush {
    let run: Run?
    if let known = runs[entry.runID] {
      run = known
    } else {
      run = try tx.run(id: entry.runID)
      runs[entry.runID] = .some(run)
    }
    guard var push = payload ?? OutboxPush.decoded(entry.draft.payload), let run
    else { return RenderedPush(entry: entry, request: nil) }
    if push.runningScore != nil, push.kind != .alert {
      let order = try ranking ?? Rescoring.ranking(tx)
      ranking = order
      push.runningScore = order.runningScore(of: run.id)
    }
    let activity = timestampActivity ?? push.activity
    let timestamp =
      push.kind == .alert
      ? entry.draft.timestamp
      : take
        ? try taken ?? tx.nextPushTimestamp(runID: run.id, activity: activity, now: now)
        : max(
          try tx.peekPushTimestamp(runID: run.id, activity: activity, now: now),
          (after ?? .min) + 1)
    let request = try PushRequest.rendered(
      push, run: run, at: now, timestamp: timestamp, topic: topic)
    var rendered = entry
    rendered.draft.body = String(decoding: request.body, as: UTF8.self)
    rendered.draft.headers = try WireJSON.string(request.headers)
    rendered.draft.timestamp = timestamp
    rendered.draft.priority = request.priority.rawValue
    return RenderedPush(entry: rendered, request: request)
  }

  /// As ``render(_:at:topic:take:after:timestampActivity:payload:timestamp:runs:ranking:tx:)``,
  /// reading the row's run and the device's order afresh.
  public static func render(
    _ entry: OutboxEntry, at now: Instant, topic: String? = nil, take: Bool,
    after: Int64? = nil, timestampActivity: Int? = nil, tx: StoreTransaction
  ) throws -> RenderedPush {
    var runs: [String: Run?] = [:]
    var ranking: RelevanceRanking?
    return try render(
      entry, at: now, topic: topic, take: take, after: after,
      timestampActivity: timestampActivity, runs: &runs, ranking: &ranking, tx: tx)
  }
}
