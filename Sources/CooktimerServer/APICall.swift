import CooktimerCore
import CooktimerHTTP
import CooktimerService

/// One request on its way through a route: its parameters, the application layer it may
/// use, "now", and — for a POST with `Idempotency-Key` — where its answer goes.
struct APICall {
  let request: HTTPRequest
  let parameters: [String: String]
  let service: RunService
  /// The instant the request is handled at, read once.
  let now: Instant
  let idempotent: IdempotentRequest?

  /// A path parameter of the route's template (always there when the route matched).
  func parameter(_ name: String) -> String { parameters[name] ?? "" }

  func body(required: Bool = false) throws -> RequestBody {
    try RequestBody(request, required: required)
  }

  /// Stores `response` as this request's idempotent answer inside the change's transaction.
  func record(_ response: HTTPResponse, in tx: ChangeTransaction) throws {
    try idempotent?.record(response, in: tx)
  }

  /// Applies `action` to the run in the path and answers `{"id", "changed", "note"?,
  /// "run"}` (docs/api.md §1), the answer stored with the change.
  func change(_ action: RunAction) throws -> HTTPResponse {
    var response: HTTPResponse?
    _ = try service.perform(action, on: parameter("id"), at: now) { outcome, tx in
      let answer = try HTTPResponse.json(
        ChangeDocument(run: outcome.run, change: outcome.change, at: outcome.at))
      try record(answer, in: tx)
      response = answer
    }
    // `perform` returns only after its `finish` ran.
    return response!
  }
}

/// A route as the server declares it: method, template and what answers it.
struct APIRoute {
  let method: String
  let template: String
  let handler: @Sendable (APICall) throws -> HTTPResponse
  /// A route that never reads the database (`/healthz`, the page, the recipes): answered
  /// without a connection, so it works while the database is down (a health check that
  /// needed one would answer 500 exactly when it matters).
  let free: (@Sendable (HTTPRequest, [String: String]) throws -> HTTPResponse)?

  init(
    _ method: String, _ template: String,
    _ handler: @escaping @Sendable (APICall) throws -> HTTPResponse
  ) {
    self.method = method
    self.template = template
    self.handler = handler
    self.free = nil
  }

  /// A route answered without the application layer (see ``free``).
  init(
    withoutDatabase method: String, _ template: String,
    _ answer: @escaping @Sendable (HTTPRequest, [String: String]) throws -> HTTPResponse
  ) {
    self.method = method
    self.template = template
    self.free = answer
    self.handler = { call in try answer(call.request, call.parameters) }
  }
}
