import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerHTTP

extension ServerSuite {
  @Suite struct LimitTests {
    /// Echoes the body length; counts the calls.
    static func lengthEcho(_ calls: Shared<Int>) -> @Sendable (HTTPRequest) -> HTTPResponse {
      { request in
        calls.update { $0 += 1 }
        return .error(.ok, "\(request.body.count) bytes")
      }
    }

    func post(_ bytes: Int, to server: HTTPServer, chunked: Bool = false) throws -> String {
      let file = FileManager.default.temporaryDirectory
        .appendingPathComponent("cooktimer-http-\(UUID().uuidString)")
      try Data(repeating: UInt8(ascii: "x"), count: bytes).write(to: file)
      defer { try? FileManager.default.removeItem(at: file) }
      var arguments = ["--data-binary", "@\(file.path)", "-w", " %{http_code}"]
      if chunked { arguments += ["-H", "Transfer-Encoding: chunked"] }
      return try curl(arguments + [server.url("/upload")]).output
    }

    @Test func bodyOfExactlyTheLimitIsAccepted() throws {
      let calls = Shared(0)
      let server = try startServer(handler: Self.lengthEcho(calls))
      defer { server.stop() }
      #expect(try post(65_536, to: server) == #"{"error":"65536 bytes","status":"200"} 200"#)
      #expect(
        try post(65_536, to: server, chunked: true)
          == #"{"error":"65536 bytes","status":"200"} 200"#)
      #expect(calls.value == 2)
    }

    @Test func oneByteOverIs413AndTheHandlerIsNotCalled() throws {
      let calls = Shared(0)
      let server = try startServer(handler: Self.lengthEcho(calls))
      defer { server.stop() }
      let expected =
        #"{"error":"the request body is larger than 65536 bytes","status":"413"} 413"#
      #expect(try post(65_537, to: server) == expected)
      #expect(try post(65_537, to: server, chunked: true) == expected)
      #expect(try post(5_000_000, to: server) == expected)
      #expect(calls.value == 0)
      // The server is still fine afterwards.
      #expect(try post(3, to: server) == #"{"error":"3 bytes","status":"200"} 200"#)
    }

    @Test func routerMissesOverTheWire() throws {
      var router = HTTPRouter()
      router.add("GET", "/healthz") { _, _ in .error(.ok, "ok") }
      let server = try startServer(handler: router.handler)
      defer { server.stop() }
      func answer(_ arguments: String...) throws -> String {
        try curl(["-w", " %{http_code} %header{allow}"] + arguments).output
      }
      let notFound = try answer(server.url("/nope"))
      #expect(notFound == #"{"error":"no route for /nope","status":"404"} 404 "#)
      let notAllowed = try answer("-X", "POST", server.url("/healthz"))
      #expect(
        notAllowed
          == #"{"error":"method POST is not allowed for /healthz","status":"405"} 405 GET, HEAD"#)
      let notImplemented = try answer("-X", "BREW", server.url("/healthz"))
      #expect(notImplemented == #"{"error":"method BREW is not implemented","status":"501"} 501 "#)
    }
  }
}
