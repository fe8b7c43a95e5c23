import CooktimerCore
import CooktimerServer
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

@Suite("Errors, keys and idempotency over HTTP")
struct ErrorAndSafetyTests {
  @Test func everyErrorCodeHasTheErrorShape() throws {
    let box = try TestServer()
    let id = try box.startTea()
    let cases: [(Answer, Int)] = [
      (try box.call("POST", "/v1/runs"), 400),
      (try box.call("POST", "/v1/runs", json: "{not json"), 400),
      (try box.call("POST", "/v1/runs", json: "[1]"), 400),
      (try box.call("POST", "/v1/runs", json: #"{"recipe": true}"#), 400),
      (try box.call("POST", "/v1/runs", json: #"{"recipe": "tea", "autoAdvance": 1}"#), 400),
      (try box.call("POST", "/v1/runs/\(id)/add", json: #"{"duration": "5 parsecs"}"#), 400),
      (try box.call("POST", "/v1/runs/nope/pause"), 404),
      (try box.call("GET", "/v1/nothing"), 404),
      (try box.call("DELETE", "/v1/runs"), 405),
      (try box.call("POST", "/v1/runs/\(id)/next"), 200),
      (try box.call("POST", "/v1/runs/\(id)/next"), 200),
      (try box.call("POST", "/v1/runs/\(id)/pause"), 409),
      (
        try HTTPClient.perform(
          "POST", box.base + "/v1/runs", headers: ["Content-Type: text/plain"], body: "tea"), 415
      ),
      (try box.call("BREW", "/v1/runs"), 501),
    ]
    for (answer, status) in cases {
      #expect(answer.status == status, "\(answer.body)")
      if status >= 400 {
        #expect(answer.errorStatus == String(status))
        #expect(answer.object["error"] is String)
      }
    }
    #expect(cases[8].0.headers["allow"] == "GET, HEAD, POST")
  }

  /// Routes that read no body still take only a JSON object (docs/api.md §1): a garbled
  /// or typed-otherwise body is refused and changes nothing.
  @Test func aRouteWithoutFieldsRefusesABodyThatIsNotAJSONObject() throws {
    let box = try TestServer()
    let id = try box.startTea()
    let text = { (path: String, type: String, body: String) throws -> Answer in
      try HTTPClient.perform(
        "POST", box.base + path, headers: ["Content-Type: \(type)"], body: body)
    }
    let refused: [(Answer, Int, String)] = [
      (
        try box.call("POST", "/v1/runs/\(id)/pause", json: "{bad"), 400,
        "the body is not valid JSON"
      ),
      (
        try box.call("POST", "/v1/runs/\(id)/pause", json: "[]"), 400,
        "the body must be a JSON object"
      ),
      (
        try text("/v1/runs/\(id)/stop", "text/plain", "hello"), 415,
        "the body must be application/json, not text/plain"
      ),
      (
        try box.call("POST", "/v1/runs/\(id)/timers/1/skip", json: "{bad"), 400,
        "the body is not valid JSON"
      ),
      (
        try box.call("POST", "/v1/runs/\(id)/acknowledge", json: "7"), 400,
        "the body must be a JSON object"
      ),
    ]
    for (answer, status, message) in refused {
      #expect(answer.status == status, "\(answer.body)")
      #expect(answer.object["error"] as? String == message)
    }
    #expect(try box.service().run(id).timers[0].state == .running(endDate: t0 + 240_000))
    #expect(try box.call("POST", "/v1/runs/\(id)/pause", json: "{}").status == 200)
  }

  @Test func aBodyOver64KiBIsRefusedByTheServer() throws {
    let box = try TestServer()
    let big = #"{"recipe": ""# + String(repeating: "x", count: 70_000) + #""}"#
    let answer = try box.call("POST", "/v1/runs", json: big)
    #expect(answer.status == 413)
    #expect(answer.errorStatus == "413")
    #expect(try box.service().activeRuns().isEmpty)
  }

  @Test func onceAKeyExistsEveryV1RequestNeedsIt() throws {
    let box = try TestServer()
    // Asked before any key exists: the server keeps "no keys" until the next commit.
    #expect(try box.call("GET", "/v1/runs").status == 200)
    let book = try box.service()
    let created = try book.createAPIKey(name: "phone", at: t0)
    #expect(created.key.hasPrefix("ck_") && created.key.count == 67)
    #expect(try book.apiKeys().map(\.hash) == [created.record.hash])
    #expect(try book.apiKeys().first?.hash != created.key)
    let missing = try box.call("POST", "/v1/runs", json: #"{"recipe": "tea"}"#)
    #expect(missing.status == 401)
    #expect(missing.headers["www-authenticate"] == #"Bearer realm="cooktimer""#)
    #expect(missing.errorStatus == "401")
    let wrong = try box.call("GET", "/v1/runs", headers: ["Authorization: Bearer ck_wrong"])
    #expect(wrong.status == 401)
    #expect(try box.call("GET", "/v1/nothing").status == 401)
    #expect(try box.service().activeRuns().isEmpty)
    #expect(try box.call("GET", "/healthz").status == 200)
    #expect(try box.call("GET", "/openapi.json").status == 200)
    let right = try box.call(
      "GET", "/v1/runs", headers: ["Authorization: bearer \(created.key)"])
    #expect(right.status == 200)
    try book.revokeAPIKey(name: "phone", at: t0)
    #expect(try box.call("GET", "/v1/runs").status == 200)
    #expect(throws: ServiceError.noSuchAPIKey("phone")) {
      try book.revokeAPIKey(name: "phone", at: t0)
    }
  }

  @Test func anIdempotencyKeyReplaysTheFirstAnswer() throws {
    let box = try TestServer()
    let body = #"{"recipe": "tea"}"#
    let first = try box.call("POST", "/v1/runs", json: body, headers: ["Idempotency-Key: k1"])
    let retry = try box.call("POST", "/v1/runs", json: body, headers: ["Idempotency-Key: k1"])
    #expect(first.status == 201)
    #expect(retry.status == 201)
    #expect(retry.body == first.body)
    #expect(retry.headers["location"] == first.headers["location"])
    #expect(retry.headers["idempotent-replayed"] == "true")
    // The same object spelled otherwise (spacing, key order) is the same request.
    let respelled = try box.call(
      "POST", "/v1/runs", json: #"{ "autoAdvance" : false,"recipe":"tea" }"#,
      headers: ["Idempotency-Key: k2"])
    let respelledAgain = try box.call(
      "POST", "/v1/runs", json: #"{"recipe": "tea", "autoAdvance": false}"#,
      headers: ["Idempotency-Key: k2"])
    #expect(respelledAgain.status == 201)
    #expect(respelledAgain.body == respelled.body)
    _ = try box.call("POST", "/v1/runs/\(try #require(respelled.object["id"] as? String))/stop")
    #expect(try box.service().activeRuns().count == 1)
    let other = try box.call(
      "POST", "/v1/runs", json: #"{"recipe": "pasta"}"#, headers: ["Idempotency-Key: k1"])
    #expect(other.status == 422)
    #expect(other.errorStatus == "422")
    let id = try #require(first.object["id"] as? String)
    let pause = try box.call("POST", "/v1/runs/\(id)/pause", headers: ["Idempotency-Key: k1"])
    #expect(pause.object["changed"] as? Bool == true)
    _ = try box.service().perform(.resume, on: id, at: t0)
    let replayed = try box.call("POST", "/v1/runs/\(id)/pause", headers: ["Idempotency-Key: k1"])
    #expect(replayed.body == pause.body)
    #expect(try box.service().run(id).phase == .running)
    let refused = try box.call("POST", "/v1/runs/\(id)/next", headers: ["Idempotency-Key: n"])
    #expect(refused.status == 200)
  }
}
