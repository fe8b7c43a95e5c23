import CooktimerCore

/// A change request that carried an `Idempotency-Key` (docs/api.md §2), as the service keeps
/// its first answer: who sent it (the SHA-256 of its bearer token, `""` without one), the
/// key, method, path and body digest, and when. Answers are kept for `window` milliseconds
/// (24 h by default) and pruned when a later one is stored.
public struct IdempotencyClaim: Hashable, Sendable {
  public var caller: String
  public var key: String
  public var method: String
  public var path: String
  /// Lowercase hex SHA-256 of the body as JSON means it: a retry with another body is refused.
  public var bodyHash: String
  public var at: Instant
  /// Answers stored before this have expired: `at - window`.
  public var expiredBefore: Instant

  /// - Parameter window: how long an answer is replayed, in milliseconds.
  public init(
    caller: String, key: String, method: String, path: String, bodyHash: String, at: Instant,
    window: Int64
  ) {
    self.caller = caller
    self.key = key
    self.method = method
    self.path = path
    self.bodyHash = bodyHash
    self.at = at
    self.expiredBefore = at - window
  }
}
