import CooktimerCore
import CooktimerHTTP
import Foundation

/// The one-time codes of a pairing link (docs/api.md §2.1): made by `serve` at start and by
/// `POST /v1/pair/codes`, traded once for an API key by `POST /v1/pair`. They live only in
/// this process's memory: a restart forgets them.
///
/// A code is 10 characters of Crockford's base 32 (https://www.crockford.com/base32.html),
/// 50 bits from the system's CSPRNG, good for ``lifetime`` milliseconds and for one trade.
/// Guessing one in its 10 minutes at 10,000 requests a second hits with a chance of 5 in a
/// billion.
public final class PairingCodes: @unchecked Sendable {
  /// How long a code is good for: 10 minutes, in milliseconds.
  public static let lifetime: Int64 = 10 * 60 * 1000
  /// Codes outstanding at most; making another drops the oldest.
  static let capacity = 16
  /// Crockford's alphabet: no I, L, O or U, so nothing reads as another character.
  static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)
  static let length = 10

  /// A code as made: the text and the instant it stops being good.
  public struct Code: Hashable, Sendable {
    public var text: String
    public var expiresAt: Instant
  }

  private let lock = NSLock()
  // Guarded by `lock`.
  private var outstanding: [Code] = []

  public init() {}

  /// A new code good from `now` for ``lifetime``.
  public func issue(at now: Instant) -> Code {
    var generator = SystemRandomNumberGenerator()
    // 32 divides 256, so the low five bits of a uniform byte are uniform: no bias.
    let text = String(
      decoding: (0..<Self.length).map { _ in
        Self.alphabet[Int(UInt8.random(in: .min ... .max, using: &generator) & 31)]
      }, as: UTF8.self)
    let code = Code(text: text, expiresAt: now + Self.lifetime)
    lock.lock()
    defer { lock.unlock() }
    outstanding.removeAll { $0.expiresAt <= now }
    if outstanding.count >= Self.capacity { outstanding.removeFirst() }
    outstanding.append(code)
    return code
  }

  /// Trades `presented` for what `trade` makes, once: when it is an outstanding code not
  /// expired at `now`, `trade` runs (under the lock, so two trades of one code cannot both
  /// succeed) and, if it returns, the code is used up. A `trade` that throws leaves the code
  /// good. Returns `nil` for a code that is wrong, used or expired.
  ///
  /// Compared in constant time with every outstanding code, each visited (as API keys are).
  public func redeem<T>(_ presented: String, at now: Instant, _ trade: () throws -> T) rethrows
    -> T?
  {
    let wanted = Self.normalized(presented)
    lock.lock()
    defer { lock.unlock() }
    var found: Int?
    for (i, code) in outstanding.enumerated() {
      let equal = constantTimeEquals(Array(code.text.utf8), wanted)
      if equal && code.expiresAt > now { found = i }
    }
    guard let found else { return nil }
    let value = try trade()
    outstanding.remove(at: found)
    return value
  }

  /// The code as the alphabet spells it: upper case, without the spaces and hyphens a person
  /// may type, O as 0 and I or L as 1 (Crockford's decoding rules).
  static func normalized(_ text: String) -> [UInt8] {
    text.uppercased().utf8.compactMap { byte -> UInt8? in
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "-"): return nil
      case UInt8(ascii: "O"): return UInt8(ascii: "0")
      case UInt8(ascii: "I"), UInt8(ascii: "L"): return UInt8(ascii: "1")
      default: return byte
      }
    }
  }
}
