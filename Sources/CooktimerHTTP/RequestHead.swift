import Foundation

/// The checks on a request's head that libmicrohttpd 0.9.75 leaves to the application, made
/// once the header block is in and before any body is read.
///
/// What libmicrohttpd does itself (tried on Debian 12's 0.9.75): a `Content-Length` that is
/// not one decimal number (`2, 2`, `abc`) is refused with its own HTML 400; a request line or
/// header block larger than the connection's memory is refused with HTML 414/431. What it
/// lets through, and these refuse: two `Content-Length` fields that differ (it takes the
/// first), `Content-Length` beside `Transfer-Encoding: chunked` (it takes the chunks and
/// answers a request smuggled after them), a transfer coding other than `chunked` (it waits
/// for a body it cannot delimit), and heads over our own, smaller, size limits (so the JSON
/// answer comes before libmicrohttpd's page).
enum RequestHead {
  /// The answer refusing the head, or nil when it is fine. Every refusal closes the
  /// connection: after a framing error nobody knows where the next request would start
  /// (RFC 9112 §6.3 ¶3, §11.2).
  /// - Parameter version: the request line's version (`HTTP/1.1`), as libmicrohttpd read it.
  static func refusal(
    target: String, version: String, fields: [HTTPHeaders.Field],
    configuration: HTTPServerConfiguration
  ) -> HTTPResponse? {
    if target.utf8.count > configuration.maximumTargetBytes {
      return closing(
        .uriTooLong,
        "the request target is longer than \(configuration.maximumTargetBytes) bytes")
    }
    let headerBytes = fields.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
    if headerBytes > configuration.maximumHeaderBytes {
      return closing(
        .requestHeaderFieldsTooLarge,
        "the header fields are larger than \(configuration.maximumHeaderBytes) bytes")
    }
    if let bad = fields.first(where: { !isToken($0.name) }) {
      // RFC 9112 §5.1 ¶2: whitespace between a field name and its colon must be refused
      // with 400. libmicrohttpd keeps `Content-Length ` as another name, so the body it
      // then ignores was answered as a request of its own.
      let shown = bad.name.unicodeScalars.map {
        $0.isASCII && $0.value >= 0x21 && $0.value < 0x7F ? String($0) : "·"
      }.joined()
      return closing(.badRequest, "the header field name \"\(shown)\" is not a token")
    }
    let headers = HTTPHeaders(fields)
    let hosts = headers.values(for: "Host")
    if hosts.count > 1 {
      // RFC 9112 §3.2 ¶6: more than one Host is 400; which one a check read was a guess.
      return closing(.badRequest, "Host is given more than once")
    }
    if hosts.isEmpty && version == "HTTP/1.1" {
      // RFC 9112 §3.2 ¶6: an HTTP/1.1 request without Host is 400 (HTTP/1.0 may omit it).
      return closing(.badRequest, "an HTTP/1.1 request must send Host")
    }
    let lengths = headers.values(for: "Content-Length")
    let codings = headers.values(for: "Transfer-Encoding")
    if !codings.isEmpty {
      if !lengths.isEmpty {
        // RFC 9112 §6.1 ¶15: a sender must not send both; the pair is how requests are
        // smuggled past a proxy that reads the other one.
        return closing(.badRequest, "Content-Length and Transfer-Encoding must not both be sent")
      }
      let coding = codings.joined(separator: ",").trimmingCharacters(in: .whitespaces)
      if coding.lowercased() != "chunked" {
        // RFC 9112 §6.1 ¶11: a transfer coding the server does not understand is 501.
        return closing(.notImplemented, "Transfer-Encoding \(coding) is not implemented")
      }
    }
    if Set(lengths.map { $0.trimmingCharacters(in: .whitespaces) }).count > 1 {
      // RFC 9112 §6.3 ¶5: differing lengths are an unrecoverable framing error.
      return closing(
        .badRequest, "Content-Length is given more than once with different values")
    }
    return nil
  }

  /// Whether `name` is an RFC 9110 §5.6.2 token: letters, digits and ``tokenMarks``.
  static func isToken(_ name: String) -> Bool {
    !name.isEmpty
      && name.unicodeScalars.allSatisfy {
        $0.isASCII
          && (CharacterSet.alphanumerics.contains($0) || tokenMarks.contains(Character($0)))
      }
  }

  private static let tokenMarks = Set("!#$%&'*+-.^_`|~")

  private static func closing(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
    var response = HTTPResponse.error(status, message)
    response.headers["Connection"] = "close"
    return response
  }
}
