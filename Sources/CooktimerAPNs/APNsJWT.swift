import Foundation

/// An APNs provider token: a JWT `header.claims.signature`, each segment base64url without
/// padding, header `{"alg":"ES256","kid":KEY_ID}`, claims `{"iat":UNIX_SECONDS,"iss":TEAM_ID}`
/// (keys sorted), signed ES256 with the raw 64-byte `r‖s` signature (RFC 7518 §3.4).
///
/// Sources: delivery.md §2; Apple, "Establishing a token-based connection to APNs".
public struct APNsJWT: Hashable, Sendable {
  /// The compact token, as sent after `authorization: bearer `.
  public let compact: String
  /// The `iat` claim, Unix seconds.
  public let issuedAt: Int64

  /// Signs a token issued at `issuedAt` (Unix seconds) by team `teamID` with the key `keyID`.
  /// - Throws: ``APNsError/signing(_:)`` when libcrypto fails.
  public init(key: APNsSigningKey, keyID: String, teamID: String, issuedAt: Int64)
    throws(APNsError)
  {
    let header = Self.json(["alg": "ES256", "kid": keyID])
    let claims = Self.json(["iss": teamID, "iat": issuedAt])
    let signingInput = Base64URL.encode(header) + "." + Base64URL.encode(claims)
    let signature = try ES256.sign(Data(signingInput.utf8), with: key)
    compact = signingInput + "." + Base64URL.encode(signature)
    self.issuedAt = issuedAt
  }

  /// A token signed before, as kept (by another sender process sharing it, docs/delivery.md
  /// §2.1): its compact form and `iat`.
  public init(compact: String, issuedAt: Int64) {
    self.compact = compact
    self.issuedAt = issuedAt
  }

  private static func json(_ object: [String: any Sendable]) -> Data {
    // Only strings and integers go in, which JSONSerialization always accepts.
    (try? JSONSerialization.data(
      withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
  }
}
