import CooktimerStore

/// How far a watcher has read the change log (`run_changes`, docs/api.md §1.4): every
/// change numbered up to ``last`` was handed out, or will never commit.
///
/// Why not simply "everything after the last number read": on PostgreSQL a number is taken
/// when the row is written, not when it commits, so change 11 can commit after change 12. A
/// reader that went on from 12 would never see 11. The cursor therefore hands out changes
/// only in an unbroken run of numbers; at a hole it stops and notes the read's snapshot
/// `xmax`. The hole's transaction (if it is still running) had its id before it took its
/// number (the change log is written after the change: `recordChange`), so that id is below
/// this `xmax`; once a later read's `xmin` has reached it, every such transaction has ended,
/// and the hole is either filled (the row is there) or final (a rollback, a pruned row).
/// SQLite has one writer at a time, whose rows commit in number order: no snapshot, a hole
/// is final at once. Idea as in Debezium's and PgQ's "snapshot xmin" readers (PostgreSQL
/// manual §9.27, `pg_snapshot_xmin`).
public struct ChangeCursor: Hashable, Sendable {
  /// Every change numbered up to this was handed out or will never commit.
  public private(set) var last: Int64
  /// The `xmax` of the read that first found the hole after ``last``; `nil` without one.
  private var holeSeenBelow: Int64?
  /// Numbers passed as final on PostgreSQL (at most ``skippedKept``, none more than
  /// ``skippedSpan`` below ``last``): each look reads them too, and one that is there after
  /// all is handed out late, out of order, rather than never. A safety net: the fault test
  /// once saw a number committed after it was judged final (cause not found; docs/deploy.md
  /// §4.1) — a stream then hears that change late instead of missing it for good.
  public private(set) var skipped: [Int64] = []
  static let skippedKept = 1_000
  static let skippedSpan: Int64 = 10_000

  public init(after last: Int64) {
    self.last = last
  }

  /// Whether the cursor waits at a hole: the watcher reads again at its next look even if
  /// nothing new was committed.
  public var isWaiting: Bool { holeSeenBelow != nil }

  /// Of `rows` (the log after ``last``, lowest first, read with `snapshot`), those that may
  /// be handed out now, in order; moves ``last`` past them.
  /// `rows` may hold numbers of ``skipped`` (read with the log after ``last``): those are
  /// handed out first, late.
  mutating func take(_ rows: [StoredChange], snapshot: ChangeSnapshot?) -> [StoredChange] {
    var taken: [StoredChange] = []
    for row in rows where row.seq <= last {
      guard let index = skipped.firstIndex(of: row.seq) else { continue }
      skipped.remove(at: index)
      taken.append(row)
    }
    defer { trimSkipped() }
    for row in rows where row.seq > last {
      if row.seq != last + 1 {
        if let snapshot {
          guard let below = holeSeenBelow, snapshot.xmin >= below else {
            holeSeenBelow = holeSeenBelow ?? snapshot.xmax
            return taken
          }
          // A hole wider than what is kept is the log's pruning, not transactions.
          if row.seq - last - 1 <= Int64(Self.skippedKept) {
            skipped += (last + 1)..<row.seq
          }
        }
        // Final: the numbers between were rolled back or pruned.
      }
      taken.append(row)
      last = row.seq
      // Past the hole it was noted for: a later hole waits from its own sighting.
      holeSeenBelow = nil
    }
    return taken
  }

  private mutating func trimSkipped() {
    skipped.removeAll { $0 < last - Self.skippedSpan }
    if skipped.count > Self.skippedKept { skipped.removeFirst(skipped.count - Self.skippedKept) }
  }
}
