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

    /// A proxy sends the body with the head, without `Expect: 100-continue` (nginx does),
    /// and fails the request (502) if the connection is closed while it still writes: so
    /// a body up to 1 MiB over the limit is read and dropped before the 413, never cut.
    @Test func aBodySentWithoutWaitingIsReadBeforeThe413() throws {
      let calls = Shared(0)
      let server = try startServer(handler: Self.lengthEcho(calls))
      defer { server.stop() }
      let client = try #require(LoopbackSocket(port: server.port))
      let head =
        "POST /echo HTTP/1.1\r\nHost: kitchen\r\nContent-Length: 70000\r\n"
        + "Connection: close\r\n\r\n"
      #expect(client.send(Array(head.utf8) + Array(repeating: UInt8(ascii: "x"), count: 30_000)))
      // No answer and no close while the body is still coming.
      #expect(!client.waitForClose(timeout: 0.3))
      #expect(client.received.isEmpty)
      #expect(client.send(Array(repeating: UInt8(ascii: "x"), count: 40_000)))
      let (answer, closed) = client.readUntilClose(timeout: 5)
      #expect(closed)
      #expect(answer.hasPrefix("HTTP/1.1 413 "))
      #expect(
        answer.hasSuffix(
          #"{"error":"the request body is larger than 65536 bytes","status":"413"}"#))
      #expect(calls.value == 0)
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
