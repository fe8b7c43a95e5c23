import Foundation

/// What a handler answers: a status, header fields and either a body or an event stream.
public struct HTTPResponse: Sendable {
  public var status: HTTPStatus
  /// Sent as given; libmicrohttpd adds `Content-Length` (or chunking) and `Date` itself.
  public var headers: HTTPHeaders
  /// Ignored when ``eventStream`` is set.
  public var body: Data
  /// Set by ``eventStream(_:headers:)``: the body is whatever the application writes into
  /// the stream until it or the client closes it.
  public private(set) var eventStream: EventStream?

  public init(status: HTTPStatus, headers: HTTPHeaders = [:], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// 204 with no body (RFC 9110 §15.3.5).
  public static let noContent = HTTPResponse(status: .noContent)

  /// The encoder every JSON body goes through: sorted keys (stable bytes on Linux) and `/`
  /// left unescaped, as the CLI's `--json` output.
  public static func makeJSONEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// `value` encoded as JSON with `Content-Type: application/json`.
  public static func json(
    _ value: some Encodable, status: HTTPStatus = .ok, headers: HTTPHeaders = [:]
  ) throws -> HTTPResponse {
    var response = HTTPResponse(
      status: status, headers: headers, body: try makeJSONEncoder().encode(value))
    response.headers["Content-Type"] = "application/json"
    return response
  }

  /// The service's error shape, `{"error": MESSAGE, "status": "CODE"}`, the code as a string.
  public static func error(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
    let document = ["error": message, "status": String(status.rawValue)]
    // Encoding a [String: String] cannot fail.
    let body = (try? makeJSONEncoder().encode(document)) ?? Data()
    return HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
  }

  /// 200 `text/event-stream` (WHATWG HTML, "Server-sent events") whose body is `stream`.
  /// `Cache-Control: no-cache` keeps proxies from holding events back.
  public static func eventStream(_ stream: EventStream, headers: HTTPHeaders = [:])
    -> HTTPResponse
  {
    var response = HTTPResponse(status: .ok, headers: headers)
    response.headers["Content-Type"] = "text/event-stream"
    response.headers["Cache-Control"] = "no-cache"
    response.eventStream = stream
    return response
  }
}
