import CooktimerCore
import CooktimerHTTP
import CooktimerService
import CooktimerStore

/// The API keys of a database (docs/api.md §2, `cooktimer apikey`): made here, stored only as
/// their SHA-256, and checked in constant time.
public struct APIKeyBook {
  public let store: RunStore

  public init(store: RunStore) { self.store = store }

  /// A new key: `ck_` and 32 random bytes as hex (256 bits from the system's CSPRNG,
  /// `getrandom(2)` on Linux), and its record.
  public struct Created: Sendable {
    public var key: String
    public var record: APIKeyRecord
  }

  /// Makes and stores a key named `name` (default: `key1`, `key2`, … the first free).
  /// - Throws: ``ServiceError/invalid(_:)`` when a valid key has that name or the name is
  ///   empty, has spaces, or is longer than 64 characters.
  public func create(name: String?, at now: Instant) throws -> Created {
    var generator = SystemRandomNumberGenerator()
    let secret = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    let key = "ck_" + Digest.hex(secret)
    return try store.transaction { tx in
      let existing = try tx.apiKeys()
      let taken = Set(existing.filter { $0.revokedAt == nil }.map(\.name))
      let chosen = name ?? (1...).lazy.map { "key\($0)" }.first { !taken.contains($0) }!
      guard Self.isValidName(chosen) else {
        throw ServiceError.invalid(
          "an API key name is 1 to 64 characters without spaces or control characters")
      }
      guard !taken.contains(chosen) else {
        throw ServiceError.invalid(
          "an API key named \(chosen) exists; revoke it first or choose another --name")
      }
      let record = APIKeyRecord(name: chosen, hash: Digest.sha256Hex(key.utf8), createdAt: now)
      try tx.addAPIKey(record)
      return Created(key: key, record: record)
    }
  }

  /// Whether `name` may name a key: 1 to 64 characters, none of them hidden (``hides(_:)``).
  static func isValidName(_ name: String) -> Bool {
    !name.isEmpty && name.count <= 64 && !name.unicodeScalars.contains(where: hides)
  }

  /// Whether `scalar` may not stand in a key's name: a space, or a control or format
  /// character that would rewrite or hide what `apikey list` shows.
  private static func hides(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
    default: return scalar.properties.isWhitespace
    }
  }

  /// Every key, valid and revoked, oldest first. A read: it works while another process
  /// holds the write lock.
  public func list() throws -> [APIKeyRecord] {
    try store.read { tx in try tx.apiKeys() }
  }

  /// Revokes the valid key `name`.
  /// - Throws: ``ServiceError/invalid(_:)`` when no valid key has that name.
  public func revoke(name: String, at now: Instant) throws {
    let revoked = try store.transaction { tx in try tx.revokeAPIKey(name: name, at: now) }
    guard revoked else { throw APIKeyBookError.noSuchKey(name) }
  }

  /// Whether any key is valid: then every `/v1` request needs one.
  /// A read, so `serve` starts while another process holds the write lock.
  public func keysRequired() throws -> Bool {
    try !store.read { tx in try tx.validAPIKeys() }.isEmpty
  }
}

/// What ``APIKeyBook`` refuses beyond invalid names.
public enum APIKeyBookError: Error, Hashable, Sendable {
  /// No valid key has this name (never made, or revoked already).
  case noSuchKey(String)
}

/// Whether `presented` (a bearer token as sent) is one of `keys`: its SHA-256 is compared
/// with every valid key's stored digest in constant time, every key visited, so neither
/// the timing of one comparison nor the number made tells a guesser anything.
func matches(_ presented: String, _ keys: [APIKeyRecord]) -> Bool {
  let digest = Array(Digest.sha256Hex(presented.utf8).utf8)
  var found = false
  for key in keys {
    let equal = constantTimeEquals(digest, Array(key.hash.utf8))
    found = found || equal
  }
  return found
}
