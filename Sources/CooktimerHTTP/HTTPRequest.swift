import Foundation

/// One complete request, body included, as libmicrohttpd parsed it.
public struct HTTPRequest: Sendable {
  /// The method token as sent, case-sensitive (RFC 9110 §9.1): `GET`, `POST`, ...
  public var method: String
  /// The path of the request target as sent, still percent-encoded, without the query.
  public var path: String
  /// The path split at `/` and then percent-decoded, so `/v1/recipes/a%2Fb` gives
  /// `["v1", "recipes", "a/b"]`. A segment that does not decode to UTF-8 stays as sent.
  public var pathSegments: [String]
  /// The query's name/value pairs in order, decoded by libmicrohttpd (`%XX` and `+`);
  /// the value is nil for a bare name (`?verbose`).
  public var queryItems: [URLQueryItem]
  public var headers: HTTPHeaders
  /// The body's bytes (empty when there was none), at most the configured limit.
  public var body: Data
  /// The client's numeric address (`127.0.0.1`, `::1`), or `""` when unknown: the peer's,
  /// or for a request through a trusted proxy the client it names
  /// (``HTTPServerConfiguration/trustedProxies``).
  public var remoteAddress: String
  /// The client is on this machine: 127.0.0.0/8, `::1`, or an IPv4-mapped 127.x address.
  public var isLoopback: Bool
  /// The trusted proxy's address the request came through; nil when it came directly.
  public var proxyAddress: String?

  public init(
    method: String, path: String, queryItems: [URLQueryItem] = [], headers: HTTPHeaders = [:],
    body: Data = Data(), remoteAddress: String = "127.0.0.1", isLoopback: Bool = true
  ) {
    self.method = method
    self.path = path
    self.pathSegments = Self.segments(ofEncodedPath: path)
    self.queryItems = queryItems
    self.headers = headers
    self.body = body
    self.remoteAddress = remoteAddress
    self.isLoopback = isLoopback
  }

  /// The first value of the query parameter `name` (nil if absent or bare).
  public func query(_ name: String) -> String? {
    queryItems.first { $0.name == name }?.value
  }

  /// `/a/b%20c` → `["a", "b c"]`; `/` → `[]`. Splitting happens before decoding so that an
  /// encoded `/` stays inside its segment.
  static func segments(ofEncodedPath path: String) -> [String] {
    var parts = path.split(separator: "/", omittingEmptySubsequences: false)
    if parts.first == "" { parts.removeFirst() }
    if parts == [""] { return [] }
    return parts.map { String($0).removingPercentEncoding ?? String($0) }
  }
}
