import CooktimerHTTP
import Foundation

/// `serve --trusted-proxy ADDR[/BITS]` (repeatable) and `--public-url URL` (docs/deploy.md
/// §5, docs/api.md §2.1): serving behind a reverse proxy.
///
/// With a trusted proxy the per-address limits count the client the proxy names, and
/// `serve` makes no pairing code at start: its link would name the backend's address, and
/// anyone reading the service's log would have 10 minutes to trade it for an API key.
/// Screens pair with codes from `POST /v1/pair/codes` instead.
public struct ServeProxyOptions: Equatable, Sendable {
  /// Peers whose `X-Forwarded-For` / `X-Real-IP` are believed (nginx's `set_real_ip_from`).
  public var trustedProxies: [TrustedProxy] = []
  /// Where screens reach the service (`https://kitchen.example`), the base of pairing links;
  /// nil: the address serve listens on.
  public var publicURL: String?

  public init(trustedProxies: [TrustedProxy] = [], publicURL: String? = nil) {
    self.trustedProxies = trustedProxies
    self.publicURL = publicURL
  }

  /// Whether `serve` prints a pairing code at start: not behind a proxy.
  var makesStartupCode: Bool { trustedProxies.isEmpty }

  /// `--trusted-proxy`'s value: a numeric address or a CIDR range.
  static func trustedProxy(_ text: String) throws -> TrustedProxy {
    guard let proxy = TrustedProxy(text) else {
      throw CLIError.usage(
        "--trusted-proxy takes a numeric address or range (127.0.0.1, 10.0.0.0/8, ::1, "
          + "fd00::/8), not \(text)")
    }
    return proxy
  }

  /// `--public-url`'s value: `http(s)://host[:port][/path]`, without query or fragment;
  /// returned without a trailing `/` (the link adds `/#pair=…`).
  static func publicURL(_ text: String) throws -> String {
    let bad = CLIError.usage(
      "--public-url takes http://HOST[:PORT][/PATH] or https://…, e.g. "
        + "https://kitchen.example, not \(text)")
    guard let parts = URLComponents(string: text),
      let scheme = parts.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = parts.host, !host.isEmpty, parts.query == nil, parts.fragment == nil,
      parts.user == nil, parts.password == nil
    else { throw bad }
    // A port is 1 to 65535, and a colon after the host names one (`:99999`, `:0` and a
    // bare `:` made links no browser opens).
    let authority = text.components(separatedBy: "/").dropFirst(2).first ?? ""
    let hostEnd =
      authority.hasPrefix("[")
      ? authority.firstIndex(of: "]").map { authority.index(after: $0) } ?? authority.endIndex
      : authority.firstIndex(of: ":") ?? authority.endIndex
    if authority[hostEnd...].hasPrefix(":") {
      guard let port = parts.port, (1...65535).contains(port) else { throw bad }
    }
    var url = text
    while url.hasSuffix("/") { url.removeLast() }
    return url
  }
}
