import CooktimerCore
import CooktimerPostgreSQL
import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerStore

/// `cooktimer migrate --to`: an SQLite database copied into an empty one, all of it.
@Suite struct CopyTests {
  /// An SQLite store holding a row in every table.
  static func filledStore(at path: String) throws -> RunStore {
    let store = try RunStore(path: path)
    try store.insert(Fixture.run(), events: [RunEvent(kind: .started, at: t0)])
    try store.insert(Fixture.run(id: "b7k", status: .finished(at: t0 + 5_000)))
    let first = try store.enqueue(Fixture.draft("start"), runID: "a3f")
    try store.enqueue(Fixture.draft(timestamp: 1_795_975_201), runID: "a3f")
    try store.markSent(ids: [first], at: t0 + 1_000)
    _ = try store.nextPushTimestamp(runID: "a3f", now: t0)
    try store.transaction { tx in
      try tx.setSetting("topic", "com.example.cook")
      try tx.addToken(
        PushToken(token: "aa01", kind: .activity, runID: "a3f", activity: 1, createdAt: t0))
      try tx.addSend(
        PushSend(pushID: first, token: "aa01", apnsID: "0a0b", sandbox: true, state: .sent))
      try tx.recordAttempt(
        DeliveryAttempt(
          pushID: first, runID: "a3f", event: "start", token: "aa01", apnsID: "0a0b", status: 200,
          reason: nil, at: t0 + 1_000))
      try tx.addAPIKey(APIKeyRecord(name: "kitchen", hash: "h1", createdAt: t0))
      try tx.addToken(
        PushToken(token: "dd01", kind: .device, device: "phone", sandbox: false, createdAt: t0))
      try tx.storeIdempotentAnswer(
        IdempotentAnswer(
          apiKey: "kitchen", key: "k1", method: "POST", path: "/v1/runs", bodyHash: "b",
          status: 201, headers: "{}", body: [0, 1, 255], createdAt: t0),
        expiredBefore: t0 - 1)
      try tx.addPairingCode(hash: "c1", expiresAt: t0 + 600_000, now: t0)
    }
    return store
  }

  /// Every table of the schema is copied (a table added by a later migration and left out
  /// of the list would be lost by `migrate` without a word: device tokens once were).
  @Test func everyTableOfTheSchemaIsCopied() throws {
    let folder = TempFolder()
    defer { folder.remove() }
    let store = try RunStore(path: folder.file("schema.sqlite3"))
    let tables = try store.read { tx in
      try tx.db.query(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'", []
      ) { $0.text(0) }
    }
    #expect(Set(tables) == Set(RunStore.copiedTables.map(\.name)))
  }

  @Test(arguments: [StoreKind.disk, .postgresql])
  func everyRowArrivesAndCountersContinue(_ kind: StoreKind) throws {
    let folder = TempFolder()
    defer { folder.remove() }
    let source = try Self.filledStore(at: folder.file("source.sqlite3"))
    try kind.withShared { open in
      let target = try open()
      let counts = try source.copyEverything(into: target)
      #expect(counts.map(\.table) == RunStore.copiedTables.map(\.name))
      #expect(counts.map(\.rows) == [1, 2, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1])
      #expect(try target.run(id: "a3f") == Fixture.run())
      #expect(
        try target.run(id: "b7k")
          == Fixture.run(id: "b7k", status: .finished(at: t0 + 5_000)))
      #expect(try target.events(runID: "a3f") == source.events(runID: "a3f"))
      #expect(try target.outbox(runID: "a3f") == source.outbox(runID: "a3f"))
      try target.read { (tx) throws -> Void in
        #expect(try tx.setting("topic") == "com.example.cook")
        #expect(try tx.tokens().map(\.token) == ["aa01", "dd01"])
        #expect(try tx.apiKeys().map(\.name) == ["kitchen"])
        #expect(try tx.deviceTokens().map(\.token) == ["dd01"])
        #expect(try tx.deliveryAttempts().map(\.status) == [200])
        #expect(
          try tx.idempotentAnswer(
            apiKey: "kitchen", key: "k1", method: "POST", path: "/v1/runs", notBefore: t0
          )?.body == [0, 1, 255])
      }
      // The next push and APNs timestamp follow the copied ones.
      #expect(try target.enqueue(Fixture.draft(), runID: "a3f") == 3)
      #expect(try target.nextPushTimestamp(runID: "a3f", now: t0) == 1_795_975_201)
      // The change log's numbers too: event ids go on after a move to PostgreSQL.
      try target.insert(Fixture.run(id: "c9q"))
      let changes = try target.read { try $0.changes(after: 0) }
      #expect(changes.map(\.seq) == [1, 2, 3])
      #expect(changes.map(\.runID) == ["a3f", "b7k", "c9q"])
    }
  }

  @Test func aTargetWithRowsIsRefusedUntouched() throws {
    let folder = TempFolder()
    defer { folder.remove() }
    let source = try Self.filledStore(at: folder.file("source.sqlite3"))
    try StoreKind.postgresql.withShared { open in
      let target = try open()
      try target.insert(Fixture.run(id: "zzz"))
      let error = storeError { _ = try source.copyEverything(into: target) }
      #expect(
        error?.detail == "the target database is not empty (recipes has rows); nothing was copied")
      #expect(try target.runs(limit: 10).map(\.id) == ["zzz"])
    }
  }
}
