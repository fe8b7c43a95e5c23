import CooktimerCore
import CooktimerTestSupport
import Testing

@testable import CooktimerStore

/// Idempotency answers live their documented 24 h (docs/api.md §2), then go: storing any
/// answer forgets every expired one, whatever its key.
@Suite("idempotency answers expire")
struct IdempotencyPruneTests {
  static let day: Int64 = 86_400_000

  static func answer(_ key: String, at instant: Instant) -> IdempotentAnswer {
    IdempotentAnswer(
      apiKey: "", key: key, method: "POST", path: "/v1/runs", bodyHash: "h", status: 201,
      headers: "{}", body: Array("{}".utf8), createdAt: instant)
  }

  @Test(arguments: StoreKind.allCases)
  func storingAnAnswerForgetsEveryExpiredOne(_ kind: StoreKind) throws {
    try kind.with { store in
      try store.transaction { tx in
        try tx.storeIdempotentAnswer(Self.answer("old", at: t0), expiredBefore: t0 - Self.day)
        try tx.storeIdempotentAnswer(
          Self.answer("recent", at: t0 + 3_600_000), expiredBefore: t0 - Self.day)
      }
      let later = t0 + Self.day + 1_000  // "old" is 24 h and 1 s old, "recent" 23 h
      try store.transaction { tx in
        try tx.storeIdempotentAnswer(Self.answer("new", at: later), expiredBefore: later - Self.day)
      }
      let kept = try store.read { tx in
        try ["old", "recent", "new"].filter {
          try tx.idempotentAnswer(
            apiKey: "", key: $0, method: "POST", path: "/v1/runs",
            notBefore: Instant(unixMilliseconds: 0))
            != nil
        }
      }
      #expect(kept == ["recent", "new"])
    }
  }
}
