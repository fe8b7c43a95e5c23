import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerHTTP

@Suite struct RouterTests {
  let router: HTTPRouter = {
    var router = HTTPRouter()
    router.add("GET", "/healthz") { _, _ in .error(.ok, "healthz") }
    router.add("GET", "/v1/runs/{id}") { _, parameters in
      .error(.ok, "run \(parameters["id"] ?? "")")
    }
    router.add("GET", "/v1/runs/active") { _, _ in .error(.ok, "active") }
    router.add("DELETE", "/v1/runs/{id}") { _, _ in .error(.ok, "deleted") }
    router.add("POST", "/v1/runs/{id}/timers/{number}/skip") { _, parameters in
      .error(.ok, "skip \(parameters["id"] ?? "") \(parameters["number"] ?? "")")
    }
    return router
  }()

  func answer(_ method: String, _ path: String) -> (Int, String, String?) {
    let response = router.handle(HTTPRequest(method: method, path: path))
    return (response.status.rawValue, text(response.body), response.headers["Allow"])
  }

  @Test func capturesDecodedParameters() {
    #expect(
      answer("POST", "/v1/runs/a%2Fb%20c/timers/3/skip")
        == (200, #"{"error":"skip a/b c 3","status":"200"}"#, nil))
  }

  @Test func literalSegmentBeatsParameter() {
    #expect(answer("GET", "/v1/runs/active").1 == #"{"error":"active","status":"200"}"#)
    #expect(answer("GET", "/v1/runs/r1").1 == #"{"error":"run r1","status":"200"}"#)
  }

  @Test func headUsesTheGetRoute() {
    #expect(answer("HEAD", "/healthz").0 == 200)
  }

  @Test func unknownPathIs404() {
    #expect(answer("GET", "/nope") == (404, #"{"error":"no route for /nope","status":"404"}"#, nil))
    // Segments must match in number; a trailing slash is another path.
    #expect(answer("GET", "/healthz/").0 == 404)
    #expect(answer("GET", "/v1/runs/").0 == 404)
  }

  @Test func knownPathOtherMethodIs405WithAllow() {
    let (status, body, allow) = answer("POST", "/v1/runs/r1")
    #expect(status == 405)
    #expect(body == #"{"error":"method POST is not allowed for /v1/runs/r1","status":"405"}"#)
    #expect(allow == "DELETE, GET, HEAD")
  }

  @Test func standardMethodNoRouteUsesIs405() {
    for method in ["PATCH", "QUERY", "OPTIONS"] {
      let (status, _, allow) = answer(method, "/healthz")
      #expect(status == 405, "\(method)")
      #expect(allow == "GET, HEAD", "\(method)")
    }
  }

  @Test func unrecognizedMethodIs501() {
    #expect(
      answer("BREW", "/healthz")
        == (501, #"{"error":"method BREW is not implemented","status":"501"}"#, nil))
    #expect(answer("get", "/healthz").0 == 501)
  }
}
