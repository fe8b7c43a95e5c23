import CooktimerCore
import Testing

@testable import CooktimerStore

/// docs/live-activity.md §3.5: `timestamp` is `max(floor(now), previous + 1)` per run.
@Suite struct PushTimestampTests {
  let second: Int64 = 1_795_975_200

  @Test(arguments: StoreKind.allCases)
  func twoInTheSameSecondAndNowGoingBackwards(_ kind: StoreKind) throws {
    try kind.with { store in
      try store.insert(Fixture.run())
      try store.insert(Fixture.run(id: "b"))
      let now = Instant(unixMilliseconds: second * 1000 + 999)
      #expect(try store.nextPushTimestamp(runID: "a3f", now: now) == second)
      #expect(try store.nextPushTimestamp(runID: "a3f", now: now) == second + 1)
      #expect(try store.nextPushTimestamp(runID: "a3f", now: now - 60_000) == second + 2)
      // Each run counts on its own.
      #expect(try store.nextPushTimestamp(runID: "b", now: now) == second)
      // A later clock wins over the counter.
      #expect(try store.nextPushTimestamp(runID: "a3f", now: now + 10_000) == second + 10)
      #expect(
        storeError { _ = try store.nextPushTimestamp(runID: "zz", now: now) }?.kind
          == .noSuchRun("zz"))
    }
  }

  @Test func floorsNegativeMilliseconds() throws {
    let store = try RunStore.inMemory()
    try store.insert(Fixture.run())
    #expect(try store.nextPushTimestamp(runID: "a3f", now: Instant(unixMilliseconds: -1)) == -1)
  }

  @Test func survivesReopening() throws {
    let folder = TempFolder()
    defer { folder.remove() }
    let path = folder.file("db.sqlite3")
    let now = Instant(unixMilliseconds: second * 1000)
    do {
      let store = try RunStore(path: path)
      try store.insert(Fixture.run())
      #expect(try store.nextPushTimestamp(runID: "a3f", now: now) == second)
    }
    let reopened = try RunStore(path: path)
    #expect(try reopened.nextPushTimestamp(runID: "a3f", now: now) == second + 1)
  }
}
