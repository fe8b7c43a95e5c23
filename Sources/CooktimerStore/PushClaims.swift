import CooktimerCore
import Foundation

/// What one sender may work on in one claim (docs/delivery.md §5): the pushes locked for it,
/// and the pending pushes of their runs that it reads to choose among them.
public struct ClaimablePushes: Sendable {
  /// The pushes of ``mine`` and the newest other pending pushes of their runs, whoever holds
  /// them, oldest first: a claim reads them to send only the newest update of an activity.
  public var pending: [QueuedPush]
  /// The pushes this claim holds until its transaction ends: pending, and not leased by
  /// another sender whose lease still runs (nor locked by another claim, on PostgreSQL).
  /// The claim writes these rows only.
  public var mine: Set<Int64>
  /// Of ``mine``, the pushes still leased from before: by another sender (whose lease ran
  /// out, or who is gone), or by this one in a round that did not finish (the database went
  /// away while it recorded answers): a request may have gone, so it goes again only as the
  /// very request it was (the fault test caught one apns-id carrying two bodies after a
  /// PostgreSQL restart). A finished round leaves no lease of its own behind.
  public var takenOver: Set<Int64>
}

extension StoreTransaction {
  /// Locks up to `limit` pending pushes, those past their backoff first, then oldest first,
  /// that no other sender holds at `now`:
  /// unleased, leased by `owner`, leased by a sender in `gone`, or leased until `now` or
  /// before. On PostgreSQL one statement locks their rows (`FOR UPDATE SKIP LOCKED`, manual
  /// §13.3.2 and SELECT "The Locking Clause"): two claims running at once lock disjoint
  /// pushes and neither waits for the other; under the schema's shared advisory lock
  /// (``RunStore/runTransaction(_:)``), so migrations and copies still exclude claims. On
  /// SQLite the write transaction already holds the whole file.
  ///
  /// Also reads the other pending pushes of those pushes' runs (the newest `limit`), so the
  /// caller sees the newest update of each activity.
  ///
  /// - Parameter locking: `false` in a read transaction: the same pushes, none locked (a
  ///   sender looks whether a claim would do anything before it begins one).
  /// - Throws: the engine's ``StoreError``.
  public func lockClaimablePushes(
    at now: Instant, owner: String, gone: [String] = [], limit: Int = 2000, locking: Bool = true
  ) throws(StoreError) -> ClaimablePushes {
    let locking = locking && db.dialect == .postgreSQL ? " FOR UPDATE SKIP LOCKED" : ""
    var mine: Set<Int64> = []
    var takenOver: Set<Int64> = []
    // Those past their backoff first: pushes waiting on one never crowd out the ones that
    // may go now (they are locked too when there is room, to expire or be superseded).
    let locked = try db.query(
      "SELECT id, lease_owner FROM outbox " + Self.claimable
        + " ORDER BY CASE WHEN next_attempt_ms IS NULL OR next_attempt_ms <= ? THEN 0 ELSE 1 END,"
        + " id LIMIT ?" + locking,
      Self.claimableValues(at: now, owner: owner, gone: gone) + [.instant(now), .integer(limit)]
    ) { row in (row.int64(0), row.isNull(1) ? nil : row.text(1)) }
    for (id, holder) in locked {
      mine.insert(id)
      if holder != nil { takenOver.insert(id) }
    }
    guard !mine.isEmpty else { return ClaimablePushes(pending: [], mine: [], takenOver: []) }
    // Its own rows, all of them; of the others' pending rows of the same runs the newest
    // `limit` (only a newer update of an activity changes what this claim does), however
    // many older ones other senders hold meanwhile.
    let list = Self.jsonList(mine)
    let own = try queued(
      "WHERE id IN (SELECT CAST(value AS INTEGER) FROM json_each(?))", [.text(list)])
    let others = try queued(
      """
      WHERE state = 'pending' AND id NOT IN (SELECT CAST(value AS INTEGER) FROM json_each(?))
        AND run_id IN (
          SELECT run_id FROM outbox WHERE id IN (SELECT CAST(value AS INTEGER) FROM json_each(?)))
      ORDER BY id DESC LIMIT ?
      """, [.text(list), .text(list), .integer(limit)])
    let pending = (own + others).sorted { $0.entry.id < $1.entry.id }
    return ClaimablePushes(pending: pending, mine: mine, takenOver: takenOver)
  }

  /// Whether ``lockClaimablePushes(at:owner:gone:limit:locking:)`` would find anything: a
  /// read, taking no write lock. It counts a push with no token yet or in its backoff too;
  /// the sender asks whether a claim would write anything instead (`PushSender.wouldClaim`).
  public func hasClaimablePushes(at now: Instant, owner: String, gone: [String] = [])
    throws(StoreError) -> Bool
  {
    try db.first(
      "SELECT 1 FROM outbox " + Self.claimable + " LIMIT 1",
      Self.claimableValues(at: now, owner: owner, gone: gone)
    ) { _ in true } ?? false
  }

  /// The pushes a claim may take: pending, and not leased by another sender whose lease
  /// still runs (unless it is gone). Values: ``claimableValues(at:owner:gone:)``.
  private static let claimable = """
    WHERE state = 'pending'
      AND (lease_owner IS NULL OR lease_owner = ? OR lease_until_ms <= ?
        OR lease_owner IN (SELECT value FROM json_each(?)))
    """

  private static func claimableValues(at now: Instant, owner: String, gone: [String])
    -> [DatabaseValue]
  {
    // The gone senders as one JSON array (no placeholder list to build; `[]` matches none).
    [.text(owner), .instant(now), .text(json(gone))]
  }

  /// `ids` as a JSON array, for `json_each(?)`.
  static func jsonList(_ ids: some Collection<Int64>) -> String {
    "[" + ids.sorted().map(String.init).joined(separator: ",") + "]"
  }
}
