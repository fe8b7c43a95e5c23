import CooktimerCore
import CooktimerStore
import CooktimerTestSupport
import Testing

@testable import CooktimerService

/// The cursor's rule on its own (``ChangeCursor``): changes only in unbroken order; at a
/// hole, wait until a read's `xmin` reaches the `xmax` of the read that first saw it.
@Suite struct ChangeCursorTests {
  func rows(_ numbers: Int64...) -> [StoredChange] { rows(numbers) }

  func rows(_ numbers: [Int64]) -> [StoredChange] {
    numbers.map { StoredChange(seq: $0, runID: "r\($0)", kind: .run, at: t0) }
  }

  @Test func onSQLiteAHoleIsFinalAtOnce() {
    var cursor = ChangeCursor(after: 2)
    #expect(cursor.take(rows(3, 4, 7), snapshot: nil).map(\.seq) == [3, 4, 7])
    #expect((cursor.last, cursor.isWaiting) == (7, false))
    #expect(cursor.take(rows(7), snapshot: nil) == [])
  }

  @Test func onPostgreSQLAHoleWaitsForTheTransactionsRunningWhenItWasSeen() {
    var cursor = ChangeCursor(after: 10)
    // 11 is told; 12 is missing (in flight, or rolled back) with 13 committed.
    let first = cursor.take(rows(11, 13), snapshot: ChangeSnapshot(xmin: 500, xmax: 505))
    #expect(first.map(\.seq) == [11])
    #expect((cursor.last, cursor.isWaiting) == (11, true))
    // Transaction 504 may still run: xmin 504 < 505.
    #expect(cursor.take(rows(13), snapshot: ChangeSnapshot(xmin: 504, xmax: 509)) == [])
    // 12 committed meanwhile: told in order, then 13.
    let filled = cursor.take(rows(12, 13), snapshot: ChangeSnapshot(xmin: 504, xmax: 509))
    #expect(filled.map(\.seq) == [12, 13])
    #expect((cursor.last, cursor.isWaiting) == (13, false))
    // A hole that never fills (a rollback): passed once xmin reached the noted xmax.
    #expect(cursor.take(rows(15), snapshot: ChangeSnapshot(xmin: 510, xmax: 520)) == [])
    #expect(cursor.take(rows(15), snapshot: ChangeSnapshot(xmin: 519, xmax: 521)) == [])
    #expect(
      cursor.take(rows(15), snapshot: ChangeSnapshot(xmin: 520, xmax: 522)).map(\.seq) == [15])
    // A later hole waits from its own sighting, not the earlier one's.
    #expect(cursor.take(rows(17), snapshot: ChangeSnapshot(xmin: 530, xmax: 540)) == [])
    #expect(cursor.take(rows(17), snapshot: ChangeSnapshot(xmin: 535, xmax: 541)) == [])
    #expect(
      cursor.take(rows(17), snapshot: ChangeSnapshot(xmin: 540, xmax: 541)).map(\.seq) == [17])
  }

  /// A number passed as final that is there after all (the fault test saw it once, cause
  /// unknown): told late, out of order, rather than never.
  @Test func aNumberPassedAsFinalThatTurnsUpIsToldLate() {
    var cursor = ChangeCursor(after: 28)
    #expect(cursor.take(rows(30), snapshot: ChangeSnapshot(xmin: 900, xmax: 907)) == [])
    #expect(
      cursor.take(rows(30), snapshot: ChangeSnapshot(xmin: 907, xmax: 910)).map(\.seq) == [30])
    #expect(cursor.skipped == [29])
    // Still missing: nothing more, still looked for.
    #expect(cursor.take(rows(30), snapshot: ChangeSnapshot(xmin: 910, xmax: 911)) == [])
    #expect(cursor.skipped == [29])
    let late = cursor.take(rows(29, 30, 31), snapshot: ChangeSnapshot(xmin: 911, xmax: 912))
    #expect(late.map(\.seq) == [29, 31])
    #expect((cursor.last, cursor.skipped) == (31, []))
  }

  @Test func whatIsLookedForAgainIsBounded() {
    // SQLite: one writer, a hole is final and never looked for.
    var lite = ChangeCursor(after: 2)
    _ = lite.take(rows(5), snapshot: nil)
    #expect(lite.skipped == [])
    // A hole wider than what is kept is pruning: not looked for.
    var far = ChangeCursor(after: 0)
    _ = far.take(rows(5_000), snapshot: ChangeSnapshot(xmin: 1, xmax: 2))
    _ = far.take(rows(5_000), snapshot: ChangeSnapshot(xmin: 2, xmax: 3))
    #expect((far.last, far.skipped) == (5_000, []))
    // Numbers more than 10,000 below the cursor are given up.
    var old = ChangeCursor(after: 0)
    _ = old.take(rows(2), snapshot: ChangeSnapshot(xmin: 1, xmax: 2))
    _ = old.take(rows(2), snapshot: ChangeSnapshot(xmin: 2, xmax: 3))
    #expect(old.skipped == [1])
    _ = old.take(rows((3...10_002).map { Int64($0) }), snapshot: ChangeSnapshot(xmin: 3, xmax: 4))
    #expect((old.last, old.skipped) == (10_002, []))
  }
}
