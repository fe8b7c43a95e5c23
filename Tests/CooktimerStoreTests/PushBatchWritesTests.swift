import CooktimerCore
import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerStore

/// A sender's writes of many pushes in one statement each (issue 21): what they store is
/// what the one-push writes stored, on both engines — values with quotes, backslashes and
/// non-ASCII text intact, absent values NULL, attempts logged in their order.
@Suite struct PushBatchWritesTests {
  let second: Int64 = 1_795_975_200

  @Test(arguments: StoreKind.allCases)
  func answersOfAWaveAreStoredAsOneByOne(_ kind: StoreKind) throws {
    try kind.with { store in
      try store.insert(Fixture.run())
      let now = t0 + 7_000
      let body = #"{"aps":{"alert":"Pasta \"al dente\" — ✓ \\ done","timestamp":9}}"#
      let ids = try store.transaction { tx in
        try (0..<3).map { _ in try tx.enqueue(Fixture.draft(), runID: "a3f") }
      }
      let (p1, p2, p3) = (ids[0], ids[1], ids[2])
      func send(_ push: Int64, _ token: String, _ apnsID: String, _ state: PushSend.State)
        -> PushSend
      {
        PushSend(pushID: push, token: token, apnsID: apnsID, sandbox: token == "bb", state: state)
      }
      try store.transaction { tx in
        try tx.addSends([send(p1, "aa", "id-1", .pending), send(p1, "bb", "id-2", .pending)])
        // A pair that exists keeps its apns-id.
        try tx.addSends([send(p1, "aa", "id-other", .pending), send(p2, "aa", "id-3", .pending)])
        try tx.setSendStates([send(p1, "aa", "", .sent), send(p1, "bb", "", .failed)])
        try tx.recordAttempts([
          DeliveryAttempt(
            pushID: p1, runID: "a3f", event: "update", token: "aa", apnsID: "id-1",
            status: 200, reason: nil, at: now, priority: 10,
            priorityReason: "cook's change, within budget (3 of 10 this hour)"),
          DeliveryAttempt(
            pushID: p1, runID: "a3f", event: "update", token: "bb", apnsID: "id-2",
            status: 410, reason: "Unregistered", at: now),
          DeliveryAttempt(
            pushID: p2, runID: "a3f", event: "update", token: "aa", apnsID: "id-3",
            status: nil, reason: "APNs connection: \"lost\"", at: now, priority: 5),
        ])
        try tx.finishPushes(
          [
            PushEnding(id: p1, state: .sent),
            PushEnding(id: p2, state: .failed, reason: "410 Unregistered ✗"),
          ], at: now)
        try tx.recordRenderings([
          PushRenderingRecord(id: p3, body: body, headers: #"{"apns-id":"x"}"#, timestamp: 9)
        ])
      }
      let sends = try store.read { tx in try tx.sends(pushIDs: [p1, p2]) }
      #expect(
        sends == [
          p1: [send(p1, "aa", "id-1", .sent), send(p1, "bb", "id-2", .failed)],
          p2: [send(p2, "aa", "id-3", .pending)],
        ])
      let attempts = try store.read { tx in try tx.deliveryAttempts() }
      #expect(attempts.map(\.token) == ["aa", "bb", "aa"])
      #expect(attempts.map(\.id) == attempts.map(\.id).sorted())
      #expect(attempts.map(\.status) == [200, 410, nil])
      #expect(attempts.map(\.reason) == [nil, "Unregistered", "APNs connection: \"lost\""])
      #expect(attempts.map(\.priority) == [10, nil, 5])
      #expect(
        attempts.map(\.priorityReason)
          == ["cook's change, within budget (3 of 10 this hour)", nil, nil])
      #expect(attempts.allSatisfy { $0.at == now && $0.runID == "a3f" && $0.event == "update" })
      let rows = try store.read { tx in
        try tx.queued("WHERE id IN (?, ?, ?) ORDER BY id", ids.map { .integer($0) })
      }
      #expect(rows.map(\.state) == [.sent, .failed, .pending])
      #expect(rows.map(\.reason) == [nil, "410 Unregistered ✗", nil])
      #expect(rows.map(\.entry.sentAt) == [now, nil, nil])
      #expect(rows[2].entry.draft.body == body)
      #expect(rows[2].entry.draft.headers == #"{"apns-id":"x"}"#)
      #expect(rows[2].entry.draft.timestamp == 9)
      #expect(rows[0].entry.draft.body == Fixture.draft().body)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func aRoundsTimestampsRiseAsIfTakenOneByOne(_ kind: StoreKind) throws {
    try kind.with { store in
      try store.insert(Fixture.run())
      try store.insert(Fixture.run(id: "b"))
      let now = Instant(unixMilliseconds: second * 1000 + 999)
      #expect(try store.nextPushTimestamp(runID: "b", now: now) == second)
      let taken = try store.transaction { tx in
        try tx.nextPushTimestamps(
          [("a3f", 1), ("b", 1), ("a3f", 1), ("a3f", 2), ("a3f", 1)], now: now)
      }
      #expect(taken == [second, second + 1, second + 1, second, second + 2])
      // The counter moved as far as the last taken.
      #expect(try store.nextPushTimestamp(runID: "a3f", now: now) == second + 3)
      #expect(
        storeError {
          _ = try store.transaction { tx in
            try tx.nextPushTimestamps([("a3f", 1), ("zz", 1)], now: now)
          }
        }?.kind == .noSuchRun("zz"))
      // Nothing of the refused round stays.
      #expect(try store.nextPushTimestamp(runID: "a3f", now: now) == second + 4)
    }
  }
}
