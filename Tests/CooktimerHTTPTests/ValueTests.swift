import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerHTTP

@Suite struct ValueTests {
  @Test func headerLookupIgnoresCase() {
    var headers: HTTPHeaders = ["Content-Type": "application/json", "X-Two": "1"]
    headers.add(name: "x-two", value: "2")
    #expect(headers["content-type"] == "application/json")
    #expect(headers["CONTENT-TYPE"] == "application/json")
    #expect(headers.values(for: "X-TWO") == ["1", "2"])
    headers["X-Two"] = "3"
    #expect(headers.values(for: "x-two") == ["3"])
    headers["x-two"] = nil
    #expect(headers.fields == [HTTPHeaders.Field(name: "Content-Type", value: "application/json")])
  }

  @Test func pathSegmentsDecodeAfterSplitting() {
    #expect(HTTPRequest.segments(ofEncodedPath: "/") == [])
    #expect(HTTPRequest.segments(ofEncodedPath: "/a/b%2Fc/P%C3%A3o") == ["a", "b/c", "Pão"])
    #expect(HTTPRequest.segments(ofEncodedPath: "/a//b/") == ["a", "", "b", ""])
    #expect(HTTPRequest.segments(ofEncodedPath: "/bad%ZZ") == ["bad%ZZ"])
  }

  @Test func jsonBodiesHaveSortedKeys() throws {
    let response = try HTTPResponse.json(["b": 1, "a": 2, "c/d": 3], status: .created)
    #expect(text(response.body) == #"{"a":2,"b":1,"c/d":3}"#)
    #expect(response.status == .created)
    #expect(response.headers["content-type"] == "application/json")
    #expect(HTTPResponse.noContent.status.rawValue == 204)
    #expect(HTTPResponse.noContent.body.isEmpty)
  }

  @Test func constantTimeEquality() {
    #expect(constantTimeEquals("secret-key".utf8, "secret-key".utf8))
    #expect(!constantTimeEquals("secret-key".utf8, "secret-kez".utf8))
    #expect(!constantTimeEquals("secret-key".utf8, "secret-key-".utf8))
    #expect(!constantTimeEquals("a".utf8, "".utf8))
    #expect(constantTimeEquals([UInt8](), Data()))
    // A NUL-padded guess is not the key.
    #expect(!constantTimeEquals([1, 2, 0], [1, 2]))
  }

  @Test func errorsDescribeThemselves() {
    #expect(
      HTTPServerError.cannotBind(host: "::1", port: 80, reason: "Permission denied").description
        == "cannot listen on [::1]:80: Permission denied")
    #expect(throws: HTTPServerError.invalidHost("kitchen.local")) {
      try HTTPServer(host: "kitchen.local", port: 0) { _ in .noContent }
    }
    var configuration = HTTPServerConfiguration()
    configuration.threadPoolSize = 0
    #expect(throws: HTTPServerError.invalidConfiguration("threadPoolSize must be 1...256")) {
      try HTTPServer(host: "127.0.0.1", port: 0, configuration: configuration) { _ in .noContent }
    }
    configuration = HTTPServerConfiguration()
    configuration.eventStreamLimit = configuration.connectionLimit
    #expect(
      throws: HTTPServerError.invalidConfiguration(
        "eventStreamLimit must be 1...connectionLimit - 1")
    ) {
      try HTTPServer(host: "127.0.0.1", port: 0, configuration: configuration) { _ in .noContent }
    }
    configuration = HTTPServerConfiguration()
    configuration.requestHeaderTimeoutSeconds = 1e300
    #expect(
      throws: HTTPServerError.invalidConfiguration(
        "requestHeaderTimeoutSeconds must be more than 0 and at most 86400")
    ) {
      try HTTPServer(host: "127.0.0.1", port: 0, configuration: configuration) { _ in .noContent }
    }
  }
}
