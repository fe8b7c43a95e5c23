import CooktimerCore
import CooktimerStore

/// Pairing a screen (docs/api.md §2.1): a code made by any server of a database is traded
/// once, on any of them, for an API key.
extension RunService {
  /// Makes and stores a new code, good from `now` for ``PairingCode/lifetime``.
  ///
  /// - Throws: ``ServiceError/database(_:)``.
  public func makePairingCode(at now: Instant? = nil) throws(ServiceError) -> PairingCode {
    let now = now ?? clock.now()
    let code = PairingCode(text: PairingCode.random(), expiresAt: now + PairingCode.lifetime)
    try writing { tx in
      try tx.addPairingCode(hash: PairingCode.hash(code.text), expiresAt: code.expiresAt, now: now)
    }
    return code
  }

  /// Trades `code` (as typed: ``PairingCode/normalized(_:)``) for a new API key named
  /// `name` (``APIKey/freeName(_:taken:)``), in one transaction: the code is used up only
  /// if the key is made. Returns nil for a code that is wrong, used or expired at `now`
  /// (expired at exactly ``PairingCode/lifetime`` after it was made).
  ///
  /// - Throws: ``ServiceError/invalid(_:)`` for a name no key can have (the code stays
  ///   good); ``ServiceError/database(_:)``.
  public func pair(code: String, name: String?, at now: Instant? = nil) throws(ServiceError)
    -> APIKey.Created?
  {
    let now = now ?? clock.now()
    if let name { try APIKey.checkName(name) }
    return try writing { tx in
      guard try tx.redeemPairingCode(hash: PairingCode.hash(code), at: now) else { return nil }
      let taken = Set(try tx.validAPIKeys().map(\.name))
      return try APIKey.store(
        APIKey.newKey(), named: APIKey.freeName(name, taken: taken), at: now, in: tx)
    }
  }
}

extension APIKey {

  /// `requested` if no valid key has it, else with `-2`, `-3`, … (cut to stay within 64
  /// characters); with none asked for, `paired1`, `paired2`, … the first free.
  public static func freeName(_ requested: String?, taken: Set<String>) -> String {
    guard let requested else {
      return (1...).lazy.map { "paired\($0)" }.first { !taken.contains($0) }!
    }
    if !taken.contains(requested) { return requested }
    return (2...).lazy.map { n -> String in
      let suffix = "-\(n)"
      return String(requested.prefix(64 - suffix.count)) + suffix
    }.first { !taken.contains($0) }!
  }
}
