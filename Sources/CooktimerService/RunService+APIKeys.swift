import CooktimerCore
import CooktimerStore

/// The API keys of a database (docs/api.md §2, `cooktimer apikey`, `POST /v1/pair`): made
/// here, stored only as their SHA-256. The server compares a presented key's digest with
/// ``validAPIKeys()`` in constant time.
extension RunService {
  /// Makes and stores a key named `name` (default: `key1`, `key2`, … the first free).
  ///
  /// - Throws: ``ServiceError/invalid(_:)`` when a valid key has that name or the name is
  ///   empty, has spaces, or is longer than 64 characters; ``ServiceError/database(_:)``.
  public func createAPIKey(name: String?, at now: Instant? = nil) throws(ServiceError)
    -> APIKey.Created
  {
    let now = now ?? clock.now()
    return try writing { tx in
      let taken = Set(try tx.apiKeys().filter { $0.revokedAt == nil }.map(\.name))
      let chosen = name ?? (1...).lazy.map { "key\($0)" }.first { !taken.contains($0) }!
      try APIKey.checkName(chosen)
      guard !taken.contains(chosen) else {
        throw ServiceError.invalid(
          "an API key named \(chosen) exists; revoke it first or choose another --name")
      }
      return try APIKey.store(APIKey.newKey(), named: chosen, at: now, in: tx)
    }
  }

  /// Every key, valid and revoked, oldest first. A read: it works while another process
  /// holds the write lock.
  ///
  /// - Throws: ``ServiceError/database(_:)``.
  public func apiKeys() throws(ServiceError) -> [APIKey] {
    try reading { tx in try tx.apiKeys().map(APIKey.init) }
  }

  /// The keys not revoked, oldest first: what a `/v1` request's bearer token is checked
  /// against. A read.
  ///
  /// - Throws: ``ServiceError/database(_:)``.
  public func validAPIKeys() throws(ServiceError) -> [APIKey] {
    // One statement, asked at every `/v1` request: no transaction around it.
    do {
      return try store.readOne { tx in try tx.validAPIKeys().map(APIKey.init) }
    } catch {
      throw ServiceError.wrapping(error)
    }
  }

  /// Revokes the valid key `name` at `now`; its event streams end at the server's next look.
  ///
  /// - Throws: ``ServiceError/noSuchAPIKey(_:)`` when no valid key has that name;
  ///   ``ServiceError/database(_:)``.
  public func revokeAPIKey(name: String, at now: Instant? = nil) throws(ServiceError) {
    let now = now ?? clock.now()
    let revoked = try writing { tx in try tx.revokeAPIKey(name: name, at: now) }
    guard revoked else { throw ServiceError.noSuchAPIKey(name) }
  }

  /// Whether `/v1` needs a key: true once any valid key exists (docs/api.md §2).
  ///
  /// - Throws: ``ServiceError/database(_:)``.
  public func keysRequired() throws(ServiceError) -> Bool {
    try !validAPIKeys().isEmpty
  }
}

extension APIKey {
  init(_ record: APIKeyRecord) {
    self.init(
      name: record.name, hash: record.hash, createdAt: record.createdAt,
      revokedAt: record.revokedAt)
  }
}

extension APIKey {
  /// Refuses a name no key can have (``isValidName(_:)``): a front end checks before it
  /// makes the database, so a refused command leaves nothing behind.
  ///
  /// - Throws: ``ServiceError/invalid(_:)`` saying what a name may be.
  public static func checkName(_ name: String) throws(ServiceError) {
    guard isValidName(name) else {
      throw ServiceError.invalid(
        "an API key name is 1 to 64 characters without spaces or control characters")
    }
  }

  /// A new key: `ck_` and 64 hex digits of 32 bytes from the system's CSPRNG.
  static func newKey() -> String {
    var generator = SystemRandomNumberGenerator()
    let secret = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    return "ck_" + Digest.hex(secret)
  }

  /// Stores `key` as `name` (only its SHA-256) in `tx`: what ``RunService/createAPIKey(name:at:)``
  /// and ``RunService/pair(code:name:at:)`` hand back, the key shown this once.
  static func store(_ key: String, named name: String, at now: Instant, in tx: StoreTransaction)
    throws(StoreError) -> Created
  {
    let record = APIKeyRecord(name: name, hash: Digest.sha256Hex(key.utf8), createdAt: now)
    try tx.addAPIKey(record)
    return Created(key: key, record: APIKey(record))
  }
}
