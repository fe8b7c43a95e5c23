import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerHTTP

extension ServerSuite {
  @Suite struct LeakTests {
    /// Every way a request can end frees its state, and the server and streams go away
    /// once nothing holds them.
    @Test func everyRequestStateIsFreed() throws {
      let streams = Shared<[EventStream]>([])
      weak var weakContext: ServerContext?
      weak var weakStream: EventStream?
      do {
        let server = try startServer(handler: EventStreamTests.streaming(streams))
        weakContext = server.context
        // Answered, refused as too large (declared and chunked), routed to 404.
        _ = try curl([server.url("/a"), server.url("/b")])
        _ = try curl(["--data-binary", String(repeating: "x", count: 70_000), server.url("/")])
        _ = try curl([
          "-H", "Transfer-Encoding: chunked", "--data-binary",
          String(repeating: "x", count: 70_000), server.url("/"),
        ])
        // A client that leaves halfway through its request.
        do {
          let leaving = try #require(LoopbackSocket(port: server.port))
          leaving.send("POST / HTTP/1.1\r\nHost: k\r\nContent-Length: 9\r\n\r\nabc")
        }
        // An event stream whose client is killed.
        let client = try RunningCurl([server.url("/events")])
        #expect(waitUntil(timeout: 5) { server.openEventStreams == 1 })
        client.kill()
        #expect(
          waitUntil(timeout: 5) {
            streams.value.first?.sendComment("ping")
            return server.openEventStreams == 0
          })
        weakStream = streams.value.first
        streams.update { $0 = [] }
        // Still open at stop: an idle keep-alive connection and a half-sent request.
        let idle = try #require(LoopbackSocket(port: server.port))
        idle.send("GET /c HTTP/1.1\r\nHost: k\r\n\r\n")
        let half = try #require(LoopbackSocket(port: server.port))
        half.send("GET /d HTTP/1.1\r\nHo")
        // Only the half-sent request is left; the client that left mid-body is gone.
        #expect(waitUntil(timeout: 3) { server.context.liveRequestStates == 1 })
        server.stop()
        #expect(server.context.liveRequestStates == 0)
        #expect(idle.waitForClose(timeout: 1))
        #expect(half.waitForClose(timeout: 1))
      }
      #expect(weakContext == nil)
      #expect(weakStream == nil)
    }
  }
}
