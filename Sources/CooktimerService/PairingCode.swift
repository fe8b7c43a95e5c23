import CooktimerCore

/// A one-time pairing code (docs/api.md §2.1): 10 characters of Crockford's base 32
/// (https://www.crockford.com/base32.html), 50 bits from the system's CSPRNG, good for
/// ``lifetime`` milliseconds and for one trade. Guessing one in its 10 minutes at 10,000
/// requests a second hits with a chance of 5 in a billion. The database keeps only its
/// SHA-256 (``RunService/makePairingCode(at:)``).
public struct PairingCode: Hashable, Sendable {
  public var text: String
  /// The instant it stops being good.
  public var expiresAt: Instant

  /// How long a code is good for: 10 minutes, in milliseconds.
  public static let lifetime: Int64 = 10 * 60 * 1000
  /// Crockford's alphabet: no I, L, O or U, so nothing reads as another character.
  public static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)
  static let length = 10

  /// A new random code's text.
  static func random() -> String {
    var generator = SystemRandomNumberGenerator()
    // 32 divides 256, so the low five bits of a uniform byte are uniform: no bias.
    return String(
      decoding: (0..<length).map { _ in
        alphabet[Int(UInt8.random(in: .min ... .max, using: &generator) & 31)]
      }, as: UTF8.self)
  }

  /// The code as the alphabet spells it: upper case, without the spaces and hyphens a person
  /// may type, O as 0 and I or L as 1 (Crockford's decoding rules).
  public static func normalized(_ text: String) -> String {
    String(
      decoding: text.uppercased().utf8.compactMap { byte -> UInt8? in
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "-"): return nil
        case UInt8(ascii: "O"): return UInt8(ascii: "0")
        case UInt8(ascii: "I"), UInt8(ascii: "L"): return UInt8(ascii: "1")
        default: return byte
        }
      }, as: UTF8.self)
  }

  /// What the database keeps of a code: the SHA-256 of its normalized text, lowercase hex.
  static func hash(_ text: String) -> String { Digest.sha256Hex(normalized(text).utf8) }
}
