import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerHTTP

extension ServerSuite {
  @Suite struct RoundTripTests {
    @Test func postedJSONComesBackByteForByte() throws {
      let seen = Shared<[HTTPRequest]>([])
      let server = try startServer { request in
        seen.update { $0.append(request) }
        var response = HTTPResponse(
          status: .created, headers: ["Location": "/v1/runs/r1"], body: request.body)
        response.headers["Content-Type"] = "application/json"
        return response
      }
      defer { server.stop() }
      let body = #"{"recipe":"Pão de queijo","autoAdvance":false,"nested":{"b":[1,2]}}"#
      let result = try curl([
        "-X", "POST", "-H", "Content-Type: application/json", "-H", "X-Request-Tag: t1",
        "--data-binary", body, "-w", "\n%{http_code} %{content_type} %header{location}",
        server.url("/v1/runs"),
      ])
      #expect(result.exitCode == 0)
      #expect(result.output == body + "\n201 application/json /v1/runs/r1")
      let request = try #require(seen.value.first)
      #expect(request.method == "POST")
      #expect(request.path == "/v1/runs")
      #expect(request.pathSegments == ["v1", "runs"])
      #expect(text(request.body) == body)
      #expect(request.headers["x-request-tag"] == "t1")
      #expect(request.headers["CONTENT-TYPE"] == "application/json")
      #expect(request.headers["Content-Length"] == String(body.utf8.count))
      #expect(request.remoteAddress == "127.0.0.1")
      #expect(request.isLoopback)
    }

    @Test func getWithQueryAndEncodedPathParameters() throws {
      var router = HTTPRouter()
      router.add("GET", "/v1/recipes/{name}/steps/{number}") { request, parameters in
        let document = [
          "name": parameters["name"] ?? "", "number": parameters["number"] ?? "",
          "path": request.path, "q": request.query("q") ?? "-",
          "flag": request.queryItems.contains { $0.name == "flag" && $0.value == nil }
            ? "bare" : "-",
        ]
        return (try? HTTPResponse.json(document)) ?? .error(.internalServerError, "encoding")
      }
      let server = try startServer(handler: router.handler)
      defer { server.stop() }
      let result = try curl([
        server.url("/v1/recipes/P%C3%A3o%20de%20queijo%2Fmini/steps/2?q=two+words%21&flag")
      ])
      #expect(
        result.output
          == #"{"flag":"bare","name":"Pão de queijo/mini","number":"2","#
          + #""path":"/v1/recipes/P%C3%A3o%20de%20queijo%2Fmini/steps/2","q":"two words!"}"#)
    }

    @Test func headersReachTheClient() throws {
      let server = try startServer { _ in
        HTTPResponse(status: .ok, headers: ["X-Cooktimer": "yes"], body: Data("hi".utf8))
      }
      defer { server.stop() }
      let result = try curl([
        "-w", " %header{x-cooktimer} %header{content-length}", server.url("/"),
      ])
      #expect(result.output == "hi yes 2")
    }

    @Test func severalRequestsShareOneConnection() throws {
      let count = Shared(0)
      let server = try startServer { _ in
        count.update { $0 += 1 }
        return .error(.ok, "fine")
      }
      defer { server.stop() }
      let url = server.url("/healthz")
      let result = try curl([
        "-o", "/dev/null", "-o", "/dev/null", "-o", "/dev/null", "-w", "%{num_connects}\n",
        url, url, url,
      ])
      #expect(result.output == "1\n0\n0\n")
      #expect(count.value == 3)
    }

    @Test func listensOnIPv6Loopback() throws {
      guard
        let server = try? HTTPServer(
          host: "::1", port: 0,
          handler: { request in
            .error(.ok, "\(request.remoteAddress) \(request.isLoopback)")
          })
      else {
        return  // No IPv6 loopback on this machine.
      }
      defer { server.stop() }
      let result = try curl(["-g", "http://[::1]:\(server.port)/"])
      #expect(result.output == #"{"error":"::1 true","status":"200"}"#)
    }

    @Test func aTakenPortIsABindError() throws {
      let first = try startServer { _ in .noContent }
      defer { first.stop() }
      #expect(throws: HTTPServerError.self) {
        try HTTPServer(host: "127.0.0.1", port: first.port) { _ in .noContent }
      }
      do {
        _ = try HTTPServer(host: "127.0.0.1", port: first.port) { _ in .noContent }
      } catch {
        #expect(
          error.description == "cannot listen on 127.0.0.1:\(first.port): Address already in use")
      }
    }
  }
}
