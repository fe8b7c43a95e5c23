import CooktimerHTTP
import Foundation

/// `GET /openapi.json`: the OpenAPI 3.1 description of every route (docs/api.md §1), written
/// as data here and checked against the router by a test, route for route.
enum OpenAPIDocument {
  static let response: HTTPResponse = {
    // Encoding a JSONValue of strings, numbers and objects cannot fail.
    let body = (try? JSONEncoder.sorted.encode(document)) ?? Data()
    return HTTPResponse(status: .ok, headers: ["Content-Type": "application/json"], body: body)
  }()

  /// The same, gzipped once for a client that accepts it.
  static let body = StaticBody(response.body, headers: response.headers)

  static let document: JSONValue = [
    "openapi": "3.1.0",
    "info": [
      "title": "cooktimer",
      "version": "1",
      "description":
        "The service a Live Activity cooking timer app talks to (docs/api.md). Once an API key exists, every /v1 request needs Authorization: Bearer KEY.",
    ],
    "components": [
      "schemas": schemas, "securitySchemes": ["bearer": ["type": "http", "scheme": "bearer"]],
    ],
    "security": [["bearer": []], [:]],
    "paths": paths,
  ]

  /// The paths and their operations; `{name}` parameters are strings.
  static let paths: JSONValue = [
    "/": [
      "get": [
        "summary": "the kitchen screen (docs/api.md §1)", "security": [],
        "responses": [
          "200": [
            "description": "the page",
            "content": ["text/html": ["schema": ["type": "string"]]],
          ],
          "304": ["description": "the page has not changed (If-None-Match)"],
        ],
      ]
    ],
    "/healthz": [
      "get": operation(
        "liveness; 503 with the same shape (status degraded) while delivery fails or the database cannot be read",
        ok: ref("Health"), anonymous: true)
    ],
    "/openapi.json": ["get": operation("this document", ok: ["type": "object"], anonymous: true)],
    "/v1/recipes": ["get": operation("recipes --json", ok: ref("RecipeList"))],
    "/v1/recipes/{name}": [
      "get": operation("show NAME --json", parameters: ["name"], ok: ref("Recipe"), errors: [404])
    ],
    "/v1/runs": [
      "get": operation("the active runs (status --json)", ok: ref("Status")),
      "post": operation(
        "start a run", body: ref("StartRequest"), bodyRequired: true, status: 201, ok: ref("Run"),
        errors: [400, 404, 415, 422], headers: ["Location"], post: true),
    ],
    "/v1/runs/{id}": [
      "get": operation("one run", parameters: ["id"], ok: ref("Run"), errors: [404])
    ],
    "/v1/runs/{id}/pause": ["post": change("pause every timer")],
    "/v1/runs/{id}/resume": ["post": change("resume every paused timer")],
    "/v1/runs/{id}/next": ["post": change("move on to the next step")],
    "/v1/runs/{id}/restart": ["post": change("start the current step again")],
    "/v1/runs/{id}/stop": ["post": change("end the run")],
    "/v1/runs/{id}/add": [
      "post": change("add time to the shown timer", body: ref("AddRequest"), bodyRequired: true)
    ],
    "/v1/runs/{id}/timers/{number}/skip": ["post": change("skip a timer", timer: true)],
    "/v1/runs/{id}/timers/{number}/cancel": ["post": change("cancel a timer", timer: true)],
    "/v1/runs/{id}/timers/{number}/begin": [
      "post": change("start a waiting timer now", body: ref("BeginRequest"), timer: true)
    ],
    "/v1/runs/{id}/content": [
      "get": operation(
        "the ActivityContent of the run now", parameters: ["id"], ok: ref("Content"), errors: [404])
    ],
    "/v1/runs/{id}/timeline": [
      "get": operation(
        "when each step starts and ends", parameters: ["id"], ok: ref("Timeline"), errors: [404])
    ],
    "/v1/tokens/push-to-start": [
      "put": operation(
        "register a device's push-to-start token", body: ref("PushToStartToken"),
        bodyRequired: true,
        status: 204, errors: [400, 415])
    ],
    "/v1/tokens/device": [
      "put": operation(
        "register the app's device token (the backup alert of a fire)",
        body: ref("PushToStartToken"), bodyRequired: true, status: 204, errors: [400, 415])
    ],
    "/v1/runs/{id}/activities/{n}/token": [
      "put": operation(
        "register an activity's update token", parameters: ["id", "n"], body: ref("ActivityToken"),
        bodyRequired: true, status: 204, errors: [400, 404, 415])
    ],
    "/v1/tokens/{hex}": [
      "delete": operation("forget a token", parameters: ["hex"], status: 204, errors: [400, 404])
    ],
    "/v1/outbox": ["get": operation("pending pushes", ok: ref("Outbox"))],
    "/v1/deliveries": ["get": operation("delivery attempts", ok: ref("Deliveries"))],
    "/v1/runs/{id}/acknowledge": [
      "post": operation(
        "silence the run's ringing alarms everywhere", parameters: ["id"], status: 204,
        errors: [404, 422], post: true)
    ],
    "/v1/pair": [
      "post": operation(
        "trade a pairing code for a named API key (docs/api.md §2.1)",
        body: ref("PairRequest"), bodyRequired: true, status: 201, ok: ref("PairedKey"),
        errors: [400, 403, 415, 503], anonymous: true)
    ],
    "/v1/pair/codes": [
      "post": operation(
        "a new pairing code and its link", status: 201, ok: ref("PairingCode"), post: true)
    ],
    "/v1/events": [
      "get": [
        "summary":
          "Server-Sent Events: run, fired, acknowledged, resync; a heartbeat event every 2 s",
        "parameters": [
          [
            "name": "Last-Event-ID", "in": "header", "required": false,
            "schema": ["type": "string"],
          ]
        ],
        "responses": [
          "200": [
            "description": "an event stream",
            "content": ["text/event-stream": ["schema": ["type": "string"]]],
          ],
          "401": errorResponse(401),
        ],
      ]
    ],
  ]

  /// The path parameters the server reads as more than a string: an activity's number
  /// (1, 2, …; another is 400) and a token (as in a body, `pushToken`).
  static let pathSchemas: [String: JSONValue] = [
    "n": ["type": "integer", "minimum": 1], "hex": pushToken,
  ]

  static func ref(_ name: String) -> JSONValue { ["$ref": .string("#/components/schemas/\(name)")] }

  /// A transition: 200 with the change document, 404 no run (or timer), 409 refused.
  static func change(
    _ summary: String, body: JSONValue? = nil, bodyRequired: Bool = false, timer: Bool = false
  ) -> JSONValue {
    operation(
      summary, parameters: timer ? ["id", "number"] : ["id"], body: body,
      bodyRequired: bodyRequired, ok: ref("Change"), errors: [400, 404, 409, 415, 422], post: true)
  }

  static func operation(
    _ summary: String, parameters: [String] = [], body: JSONValue? = nil,
    bodyRequired: Bool = false, status: Int = 200, ok: JSONValue? = nil, errors: [Int] = [],
    headers: [String] = [], anonymous: Bool = false, post: Bool = false
  ) -> JSONValue {
    var members: [String: JSONValue] = ["summary": .string(summary)]
    var params: [JSONValue] = parameters.map {
      [
        "name": .string($0), "in": "path", "required": true,
        "schema": pathSchemas[$0] ?? ["type": "string", "minLength": 1],
      ]
    }
    if post {
      // Read on a POST only; a key of no or more than 255 bytes is 400 (IdempotentRequest.swift).
      params.append([
        "name": "Idempotency-Key", "in": "header", "required": false,
        "schema": ["type": "string", "minLength": 1, "maxLength": 255],
      ])
    }
    if !params.isEmpty { members["parameters"] = .array(params) }
    if let body {
      members["requestBody"] = [
        "required": .bool(bodyRequired), "content": ["application/json": ["schema": body]],
      ]
    }
    var answer: [String: JSONValue] = ["description": .string(summary)]
    if let ok { answer["content"] = ["application/json": ["schema": ok]] }
    if !headers.isEmpty {
      answer["headers"] = .object(
        Dictionary(uniqueKeysWithValues: headers.map { ($0, ["schema": ["type": "string"]]) }))
    }
    var responses: [String: JSONValue] = [String(status): .object(answer)]
    for code in errors + (post ? [400] : []) + (anonymous ? [] : [401, 503]) {
      responses[String(code)] = errorResponse(code)
    }
    members["responses"] = .object(responses)
    if anonymous { members["security"] = [] }
    return .object(members)
  }

  static func errorResponse(_ code: Int) -> JSONValue {
    [
      "description": .string("error \(code)"),
      "content": ["application/json": ["schema": ref("Error")]],
    ]
  }
}
