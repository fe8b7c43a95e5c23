import CooktimerCore

/// The first answer to a request that carried an `Idempotency-Key` (docs/api.md §2), kept so
/// a retry gets it again instead of changing anything twice.
public struct IdempotentAnswer: Hashable, Sendable {
  /// The API key's name the request came with (`""` with no key configured).
  public var apiKey: String
  /// The `Idempotency-Key` header as sent.
  public var key: String
  public var method: String
  public var path: String
  /// Lowercase hex SHA-256 of the request body: the same key with another body is refused.
  public var bodyHash: String
  /// The HTTP status of the first answer.
  public var status: Int
  /// The first answer's header fields, as a JSON object of strings.
  public var headers: String
  public var body: [UInt8]
  public var createdAt: Instant

  public init(
    apiKey: String, key: String, method: String, path: String, bodyHash: String, status: Int,
    headers: String, body: [UInt8], createdAt: Instant
  ) {
    self.apiKey = apiKey
    self.key = key
    self.method = method
    self.path = path
    self.bodyHash = bodyHash
    self.status = status
    self.headers = headers
    self.body = body
    self.createdAt = createdAt
  }
}

extension StoreTransaction {
  /// The stored answer for this key, method and path of this API key, if it was stored at
  /// or after `notBefore` (older ones have expired).
  public func idempotentAnswer(
    apiKey: String, key: String, method: String, path: String, notBefore: Instant
  ) throws(StoreError) -> IdempotentAnswer? {
    try db.first(
      """
      SELECT body_hash, status, headers, body, created_ms FROM idempotency_keys
      WHERE api_key = ? AND key = ? AND method = ? AND path = ? AND created_ms >= ?
      """, [.text(apiKey), .text(key), .text(method), .text(path), .instant(notBefore)]
    ) { row in
      IdempotentAnswer(
        apiKey: apiKey, key: key, method: method, path: path, bodyHash: row.text(0),
        status: row.int(1), headers: row.text(2), body: row.blob(3), createdAt: row.instant(4))
    }
  }

  /// Stores a first answer, and forgets every answer stored before `expiredBefore` (an
  /// expired one of the same key with them).
  /// - Throws: a `.other` error (`SQLITE_CONSTRAINT_PRIMARYKEY`) when an answer is stored
  ///   already: another request with this key won, and this transaction must roll back.
  public func storeIdempotentAnswer(_ answer: IdempotentAnswer, expiredBefore: Instant)
    throws(StoreError)
  {
    // Every expired answer goes, this key's included: answers are kept for their documented
    // life (docs/api.md §2, 24 h), not forever. `idempotency_by_age` finds them.
    try db.run("DELETE FROM idempotency_keys WHERE created_ms < ?", [.instant(expiredBefore)])
    try db.run(
      """
      INSERT INTO idempotency_keys
        (api_key, key, method, path, body_hash, status, headers, body, created_ms)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        .text(answer.apiKey), .text(answer.key), .text(answer.method), .text(answer.path),
        .text(answer.bodyHash), .integer(Int64(answer.status)), .text(answer.headers),
        .blob(answer.body), .instant(answer.createdAt),
      ])
  }
}
