import CooktimerHTTP
import Foundation

/// Without an API key, "only this machine" must also mean "only programs on this machine
/// that mean to call us", not any web page its browser shows (docs/api.md §2, "No key"):
///
/// - **DNS rebinding**: a page on `evil.example` whose name is made to resolve to 127.0.0.1
///   reaches the server as its own origin and may read every answer. Its requests carry
///   `Host: evil.example`, so only loopback names are served: `localhost`, `127.0.0.1`,
///   `[::1]`, with any port; anything else is 421 Misdirected Request (RFC 9110 §15.5.20).
/// - **Cross-site requests**: a page on another origin (another local port included) can
///   send a change without reading its answer — `fetch(…, {mode: "no-cors"})` with an empty
///   body, a plain HTML form. Browsers name the page's origin in `Origin` on such requests
///   (RFC 6454 §7; Fetch, "Origin header") and say where they come from in `Sec-Fetch-Site`
///   (W3C Fetch Metadata). Every change (any method but GET and HEAD) whose `Origin` is not
///   this server's own (`http://` or `https://` and the request's `Host`), or whose
///   `Sec-Fetch-Site` is `cross-site` or `same-site`, is 403. The kitchen page (same origin)
///   and programs that send neither header (curl, the app, scripts) go on working.
///
/// With API keys the key is the proof: a request carrying a valid key may come from any
/// origin (an app's web view, another host), so none of this applies.
enum LoopbackGuard {
  /// The 421 or 403 to answer a keyless request with, or `nil` when it may go on.
  static func refusal(_ request: HTTPRequest) -> HTTPResponse? {
    guard let host = request.headers["Host"], isLoopbackName(host) else {
      return .error(
        421,
        "without an API key this server answers only to localhost, 127.0.0.1 or [::1] in Host")
    }
    guard request.method != "GET" && request.method != "HEAD" else { return nil }
    if let site = request.headers["Sec-Fetch-Site"]?.trimmingCharacters(in: .whitespaces)
      .lowercased(), site == "cross-site" || site == "same-site"
    {
      return crossSite
    }
    if let origin = request.headers["Origin"]?.trimmingCharacters(in: .whitespaces),
      !isOwnOrigin(origin, host: host)
    {
      return crossSite
    }
    return nil
  }

  private static let crossSite = HTTPResponse.error(
    403,
    "a page of another site may not change runs without an API key (Origin or Sec-Fetch-Site)")

  /// `localhost`, `127.0.0.1` or `[::1]`, in any case, with an optional port of digits.
  static func isLoopbackName(_ host: String) -> Bool {
    let value = host.trimmingCharacters(in: .whitespaces).lowercased()
    for name in ["localhost", "127.0.0.1", "[::1]"] where value.hasPrefix(name) {
      let rest = value.dropFirst(name.count)
      if rest.isEmpty { return true }
      guard rest.first == ":" else { return false }
      let port = rest.dropFirst()
      return (1...5).contains(port.count) && port.allSatisfy { $0.isASCII && $0.isNumber }
    }
    return false
  }

  /// `Origin` names this server: `http://HOST` or `https://HOST` with the request's `Host`
  /// (already known to be a loopback name). `null` (a sandboxed frame, a file) is not.
  static func isOwnOrigin(_ origin: String, host: String) -> Bool {
    let origin = origin.lowercased()
    let host = host.trimmingCharacters(in: .whitespaces).lowercased()
    return origin == "http://" + host || origin == "https://" + host
  }
}
