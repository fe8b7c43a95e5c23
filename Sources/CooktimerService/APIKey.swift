import CooktimerCore

/// An API key as `apikey list` and the server's authorization see it (docs/api.md §2): its
/// name, the lowercase hex SHA-256 of the key (the key itself is never kept), and when it
/// was made and revoked (Unix milliseconds).
public struct APIKey: Hashable, Sendable {
  public var name: String
  /// Lowercase hex SHA-256 of the key (64 digits).
  public var hash: String
  public var createdAt: Instant
  /// `nil` while the key is valid.
  public var revokedAt: Instant?

  public init(name: String, hash: String, createdAt: Instant, revokedAt: Instant? = nil) {
    self.name = name
    self.hash = hash
    self.createdAt = createdAt
    self.revokedAt = revokedAt
  }

  /// A new key: `ck_` and 32 random bytes as hex (256 bits from the system's CSPRNG,
  /// `getrandom(2)` on Linux), shown to the cook once, and its record.
  public struct Created: Sendable {
    /// The key as the app sends it (`Authorization: Bearer ck_…`).
    public var key: String
    public var record: APIKey
  }

  /// Whether `name` may name a key: 1 to 64 characters, none of them hidden (``hides(_:)``).
  public static func isValidName(_ name: String) -> Bool {
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
}
