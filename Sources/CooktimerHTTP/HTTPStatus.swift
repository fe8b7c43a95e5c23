/// An HTTP status code with the meaning RFC 9110 section 15 gives it.
///
/// A struct with static members rather than an enum, so any three-digit code can be sent.
public struct HTTPStatus: RawRepresentable, Hashable, Sendable, ExpressibleByIntegerLiteral {
  /// The three-digit code, 100...999.
  public let rawValue: Int

  public init(rawValue: Int) { self.rawValue = rawValue }
  public init(integerLiteral value: Int) { self.rawValue = value }

  /// RFC 9110 §15.3.1.
  public static let ok: HTTPStatus = 200
  /// RFC 9110 §15.3.2: a resource was made; `Location` names it.
  public static let created: HTTPStatus = 201
  /// RFC 9110 §15.3.5: done, and no content follows (the body is always empty).
  public static let noContent: HTTPStatus = 204
  /// RFC 9110 §15.5.1: the request is malformed or a value is refused.
  public static let badRequest: HTTPStatus = 400
  /// RFC 9110 §15.5.2: missing or wrong credentials.
  public static let unauthorized: HTTPStatus = 401
  /// RFC 9110 §15.5.5: no such resource.
  public static let notFound: HTTPStatus = 404
  /// RFC 9110 §15.5.6: the path exists but not with this method; must carry `Allow`.
  public static let methodNotAllowed: HTTPStatus = 405
  /// RFC 9110 §15.5.10: refused by the resource's current state.
  public static let conflict: HTTPStatus = 409
  /// RFC 9110 §15.5.14: the body is larger than the server accepts.
  public static let contentTooLarge: HTTPStatus = 413
  /// RFC 9110 §15.5.15: the request target is longer than the server reads.
  public static let uriTooLong: HTTPStatus = 414
  /// RFC 9110 §15.5.16: the body is not in a media type the resource takes.
  public static let unsupportedMediaType: HTTPStatus = 415
  /// RFC 9110 §15.5.21: well-formed, but the content cannot be processed.
  public static let unprocessableContent: HTTPStatus = 422
  /// RFC 6585 §4: too many requests from this client; `Retry-After` says when to try again.
  public static let tooManyRequests: HTTPStatus = 429
  /// RFC 6585 §5: the header block is larger than the server reads.
  public static let requestHeaderFieldsTooLarge: HTTPStatus = 431
  /// RFC 9110 §15.6.1.
  public static let internalServerError: HTTPStatus = 500
  /// RFC 9110 §15.6.2: the method is not recognized or not implemented.
  public static let notImplemented: HTTPStatus = 501
  /// RFC 9110 §15.6.4: the server cannot answer now (for example while it stops).
  public static let serviceUnavailable: HTTPStatus = 503
}
