/// Dispatches requests by method and path template, answering the misses itself with the
/// service's JSON errors: 404 for an unknown path, 405 with `Allow` for a known path and
/// another method (RFC 9110 §15.5.6), 501 for a method the server does not recognize
/// (RFC 9110 §15.6.2): neither one of RFC 9110 §9, `PATCH` (RFC 5789) or `QUERY` (the safe
/// method with a body of the HTTP working group) nor one a route uses. A registered method
/// on a known path is the client's mistake (405), never the server's (5xx).
///
/// A `GET` route also answers `HEAD` (RFC 9110 §9.3.2); libmicrohttpd leaves the body out.
public struct HTTPRouter: Sendable {
  /// Called with the request and the template's captured parameters, percent-decoded:
  /// for `/v1/runs/{id}` and `/v1/runs/a%20b`, `["id": "a b"]`.
  public typealias Handler = @Sendable (HTTPRequest, [String: String]) -> HTTPResponse

  private struct Route: Sendable {
    let method: String
    let pattern: RoutePattern
    let handler: Handler
  }

  private var routes: [Route] = []

  public init() {}

  /// Adds a route. `method` is matched exactly (methods are case-sensitive, RFC 9110 §9.1);
  /// `template` is a path whose `{name}` segments capture one segment each. Declaring the
  /// same method and template twice is a programming error.
  public mutating func add(_ method: String, _ template: String, _ handler: @escaping Handler) {
    let pattern = RoutePattern(template)
    precondition(
      !routes.contains { $0.method == method && $0.pattern == pattern },
      "route declared twice: \(method) \(template)")
    routes.append(Route(method: method, pattern: pattern, handler: handler))
  }

  /// Every declared route's method and template, in the order added: what a served API
  /// description (OpenAPI) is checked against.
  public var declaredRoutes: [(method: String, template: String)] {
    routes.map { ($0.method, $0.pattern.template) }
  }

  /// The router as an ``HTTPServer`` handler.
  public var handler: @Sendable (HTTPRequest) -> HTTPResponse {
    { [self] request in handle(request) }
  }

  public func handle(_ request: HTTPRequest) -> HTTPResponse {
    guard Self.standardMethods.contains(request.method) || routeMethods.contains(request.method)
    else {
      return .error(.notImplemented, "method \(request.method) is not implemented")
    }
    var best: (route: Route, parameters: [String: String])?
    var allowed: Set<String> = []
    for route in routes {
      guard let parameters = route.pattern.match(request.pathSegments) else { continue }
      allowed.insert(route.method)
      let fits =
        route.method == request.method
        || (request.method == "HEAD" && route.method == "GET")
      if fits, best.map({ route.pattern.isMoreSpecific(than: $0.route.pattern) }) ?? true {
        best = (route, parameters)
      }
    }
    if let best { return best.route.handler(request, best.parameters) }
    guard !allowed.isEmpty else {
      return .error(.notFound, "no route for \(request.path)")
    }
    if allowed.contains("GET") { allowed.insert("HEAD") }
    var response = HTTPResponse.error(
      .methodNotAllowed, "method \(request.method) is not allowed for \(request.path)")
    response.headers["Allow"] = allowed.sorted().joined(separator: ", ")
    return response
  }

  private static let standardMethods: Set<String> = [
    "GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH", "QUERY",
  ]

  private var routeMethods: Set<String> { Set(routes.map(\.method)) }
}
