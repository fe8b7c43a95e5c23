import CooktimerCore
import CooktimerService
import CooktimerTestSupport
import Foundation
import Testing

/// docs/api.md §2: the first answer to an `Idempotency-Key` is kept for 24 h and replayed.
@Suite("Idempotent replies at the service")
struct IdempotencyUseCaseTests {
  static let day: Int64 = 86_400_000

  static func claim(
    caller: String = "c1", key: String = "k1", path: String = "/v1/runs/r/pause",
    body: String = "h1", at: Instant = t0
  ) -> IdempotencyClaim {
    IdempotencyClaim(
      caller: caller, key: key, method: "POST", path: path, bodyHash: body, at: at,
      window: day)
  }

  static let reply = IdempotentReply(
    status: 200, headers: ["Content-Type": "application/json", "Location": "/v1/runs/a"],
    body: Array(#"{"ok":true}"#.utf8), requestBodyHash: "h1")

  @Test func aReplyIsKeptForItsCallerKeyMethodAndPathForADay() throws {
    let kitchen = try Kitchen()
    let service = kitchen.service
    #expect(try service.storedReply(for: Self.claim()) == nil)
    try service.recordReply(Self.reply, for: Self.claim())
    #expect(try service.storedReply(for: Self.claim(at: t0 + minute)) == Self.reply)
    // The body digest is the first request's, whatever the retry sent.
    #expect(try service.storedReply(for: Self.claim(body: "h2"))?.requestBodyHash == "h1")
    #expect(try service.storedReply(for: Self.claim(caller: "c2")) == nil)
    #expect(try service.storedReply(for: Self.claim(key: "k2")) == nil)
    #expect(try service.storedReply(for: Self.claim(path: "/v1/runs/r/resume")) == nil)
    // Kept 24 h to the millisecond, then gone.
    #expect(try service.storedReply(for: Self.claim(at: t0 + Self.day)) == Self.reply)
    #expect(try service.storedReply(for: Self.claim(at: t0 + Self.day + 1)) == nil)
    // A second answer for the same claim is refused: another request won.
    #expect(throws: ServiceError.self) { try service.recordReply(Self.reply, for: Self.claim()) }
  }

  @Test func storingAReplyPrunesTheExpiredOnes() throws {
    let kitchen = try Kitchen()
    let service = kitchen.service
    try service.recordReply(Self.reply, for: Self.claim(key: "old"))
    try service.recordReply(Self.reply, for: Self.claim(key: "new", at: t0 + Self.day + 1))
    // A window of ten days would still find "old" had it been kept.
    let wide = IdempotencyClaim(
      caller: "c1", key: "old", method: "POST", path: "/v1/runs/r/pause", bodyHash: "h1",
      at: t0 + Self.day + 1, window: 10 * Self.day)
    #expect(try service.storedReply(for: wide) == nil)
    #expect(try service.storedReply(for: Self.claim(key: "new", at: t0 + Self.day + 1)) != nil)
  }

  @Test func aChangeAndItsReplyAreStoredTogetherOrNotAtAll() throws {
    let kitchen = try Kitchen()
    let service = kitchen.service
    let run = try service.start(try Kitchen.recipe("tea"), autoAdvance: false, at: t0)
    let claim = Self.claim(path: "/v1/runs/\(run.id)/pause", at: t0 + second)
    struct Late: Error {}
    #expect(throws: Late.self) {
      try service.perform(.pause, on: run.id, at: t0 + second) { _, tx in
        try tx.record(Self.reply, for: claim)
        throw Late()
      }
    }
    #expect(try service.storedReply(for: claim) == nil)
    #expect(try service.run(run.id, at: t0 + second).phase == .running)
    _ = try service.perform(.pause, on: run.id, at: t0 + second) { _, tx in
      try tx.record(Self.reply, for: claim)
    }
    #expect(try service.storedReply(for: claim) == Self.reply)
    #expect(try service.run(run.id, at: t0 + second).phase == .paused)
  }
}
