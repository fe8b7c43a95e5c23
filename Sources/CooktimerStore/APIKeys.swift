import CooktimerCore

/// A bearer API key as stored (docs/api.md §2): its name and the SHA-256 of the key, never
/// the key itself.
public struct APIKeyRecord: Hashable, Sendable {
  public var name: String
  /// Lowercase hex of the SHA-256 digest of the key's UTF-8 bytes (64 digits).
  public var hash: String
  public var createdAt: Instant
  /// When `apikey revoke` ended it; `nil` while it is valid.
  public var revokedAt: Instant?

  public init(name: String, hash: String, createdAt: Instant, revokedAt: Instant? = nil) {
    self.name = name
    self.hash = hash
    self.createdAt = createdAt
    self.revokedAt = revokedAt
  }
}

extension StoreTransaction {
  /// Stores a new key. A revoked key of the same name is replaced (names are reused once
  /// revoked); the caller checks that no valid key has the name.
  /// - Throws: a `.other` error (`SQLITE_CONSTRAINT`) if a valid key has the name or hash.
  public func addAPIKey(_ key: APIKeyRecord) throws(StoreError) {
    try db.run(
      "DELETE FROM api_keys WHERE name = ? AND revoked_ms IS NOT NULL", [.text(key.name)])
    try db.run(
      "INSERT INTO api_keys (name, hash, created_ms, revoked_ms) VALUES (?, ?, ?, ?)",
      [.text(key.name), .text(key.hash), .instant(key.createdAt), .instant(key.revokedAt)])
  }

  /// Every key, valid and revoked, oldest first.
  public func apiKeys() throws(StoreError) -> [APIKeyRecord] {
    try db.query(
      "SELECT name, hash, created_ms, revoked_ms FROM api_keys ORDER BY created_ms, name", []
    ) { row in
      APIKeyRecord(
        name: row.text(0), hash: row.text(1), createdAt: row.instant(2),
        revokedAt: row.optionalInstant(3))
    }
  }

  /// The keys not revoked, oldest first: what a request's key is checked against.
  public func validAPIKeys() throws(StoreError) -> [APIKeyRecord] {
    try apiKeys().filter { $0.revokedAt == nil }
  }

  /// Revokes the valid key `name` at `instant`; false when there is none of that name
  /// (never stored, or revoked already).
  public func revokeAPIKey(name: String, at instant: Instant) throws(StoreError) -> Bool {
    try db.run(
      "UPDATE api_keys SET revoked_ms = ? WHERE name = ? AND revoked_ms IS NULL",
      [.instant(instant), .text(name)]) > 0
  }
}
