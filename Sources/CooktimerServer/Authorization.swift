import CooktimerHTTP
import CooktimerService
import Foundation

/// docs/api.md §2: once any API key exists, every `/v1` request needs
/// `Authorization: Bearer KEY` (RFC 6750 §2.1); with none, `/v1` needs no key but only
/// this machine may call it — and only by a loopback name, and no other site's page may
/// change anything (``LoopbackGuard``).
enum Authorization {
  /// The refusal to answer (401, or 421/403 from ``LoopbackGuard``), or `nil` when the
  /// request may go on; `keys` are the valid keys as stored now (one made or revoked by
  /// `cooktimer apikey` in another process counts at once).
  static func check(_ request: HTTPRequest, keys: [APIKey]) -> HTTPResponse? {
    if keys.isEmpty {
      guard request.isLoopback else {
        return refusal("no API key is configured, so only this machine may call /v1")
      }
      return LoopbackGuard.refusal(request)
    }
    guard let token = bearerToken(request) else {
      return refusal("this server needs Authorization: Bearer KEY (cooktimer apikey create)")
    }
    return matches(token, keys) ? nil : refusal("the API key is not valid")
  }

  /// Who a request's idempotency keys belong to: the SHA-256 of its bearer token, or `""`
  /// without one. Only called once ``check(_:_:)`` let the request through.
  static func caller(of request: HTTPRequest) -> String {
    bearerToken(request).map { Digest.sha256Hex($0.utf8) } ?? ""
  }

  /// The token of `Authorization: Bearer TOKEN`; the scheme is case-insensitive
  /// (RFC 9110 §11.1).
  static func bearerToken(_ request: HTTPRequest) -> String? {
    guard let value = request.headers["Authorization"] else { return nil }
    let parts = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
    guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
    let token = parts[1].trimmingCharacters(in: .whitespaces)
    return token.isEmpty ? nil : token
  }

  /// 401 with the challenge RFC 9110 §11.6.1 requires; nothing was done.
  private static func refusal(_ message: String) -> HTTPResponse {
    var response = HTTPResponse.error(.unauthorized, message)
    response.headers["WWW-Authenticate"] = "Bearer realm=\"cooktimer\""
    return response
  }
}

/// Whether `presented` (a bearer token as sent) is one of `keys`: its SHA-256 is compared
/// with every valid key's stored digest in constant time, every key visited, so neither
/// the timing of one comparison nor the number made tells a guesser anything.
func matches(_ presented: String, _ keys: [APIKey]) -> Bool {
  let digest = Array(Digest.sha256Hex(presented.utf8).utf8)
  var found = false
  for key in keys {
    let equal = constantTimeEquals(digest, Array(key.hash.utf8))
    found = found || equal
  }
  return found
}
