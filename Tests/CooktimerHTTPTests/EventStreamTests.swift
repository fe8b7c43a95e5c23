import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerHTTP

extension ServerSuite {
  @Suite struct EventStreamTests {
    /// `/events` opens a stream and hands it to the test; anything else is a plain 200.
    static func streaming(_ streams: Shared<[EventStream]>)
      -> @Sendable (HTTPRequest) ->
      HTTPResponse
    {
      { request in
        guard request.path == "/events" else { return .error(.ok, "plain") }
        let stream = EventStream()
        streams.update { $0.append(stream) }
        return .eventStream(stream)
      }
    }

    @Test func clientReceivesEventsFramedExactly() throws {
      let streams = Shared<[EventStream]>([])
      let server = try startServer(handler: Self.streaming(streams))
      defer { server.stop() }
      let client = try RunningCurl(["-D", "/dev/stderr", server.url("/events")])
      #expect(waitUntil(timeout: 5) { server.openEventStreams == 1 })
      let stream = try #require(streams.value.first)

      #expect(stream.send(event: "run", id: "1", data: #"{"serverTime":"x"}"#))
      var expected = "event: run\nid: 1\ndata: {\"serverTime\":\"x\"}\n\n"
      #expect(client.waitForOutput(expected))
      #expect(stream.sendComment("ping"))
      #expect(stream.send(data: "two\nlines"))
      expected += ": ping\n\ndata: two\ndata: lines\n\n"
      #expect(client.waitForOutput(expected))

      let ended = Shared(false)
      stream.onTermination { ended.update { $0 = true } }
      stream.close()
      #expect(client.waitForExit() == 0)
      #expect(client.output == expected)
      #expect(waitUntil(timeout: 5) { ended.value && server.openEventStreams == 0 })
      #expect(!stream.send(data: "late"))
    }

    @Test func serverNoticesTheClientLeft() throws {
      let streams = Shared<[EventStream]>([])
      let server = try startServer(handler: Self.streaming(streams))
      defer { server.stop() }
      let client = try RunningCurl([server.url("/events")])
      #expect(waitUntil(timeout: 5) { server.openEventStreams == 1 })
      let stream = try #require(streams.value.first)
      let ended = Shared(false)
      stream.onTermination { ended.update { $0 = true } }
      #expect(stream.send(data: "hello"))
      #expect(client.waitForOutput("data: hello\n\n"))

      client.kill()
      // A suspended stream learns of the departure on its next write: the app's ping.
      #expect(
        waitUntil(timeout: 5) {
          stream.sendComment("ping")
          return !stream.isOpen
        })
      #expect(ended.value)
      #expect(server.openEventStreams == 0)
    }

    @Test(.tags(.timing)) func fiftyOpenStreamsLeaveAPoolOfFourFree() throws {
      let streams = Shared<[EventStream]>([])
      let server = try startServer(
        configuration {
          $0.threadPoolSize = 4
          $0.eventStreamsPerClient = 50
        }, handler: Self.streaming(streams))
      var arguments = ["--parallel", "--parallel-immediate", "--parallel-max", "50"]
      for _ in 0..<50 { arguments += ["-o", "/dev/null", server.url("/events")] }
      let clients = try RunningCurl(arguments)
      #expect(waitUntil(timeout: 10) { server.openEventStreams == 50 })

      let normal = try curl(["-w", " %{http_code} %{time_total}", server.url("/plain")])
      let parts = normal.output.split(separator: " ")
      #expect(parts.prefix(2) == [#"{"error":"plain","status":"200"}"#, "200"])
      #expect(try #require(parts.last.flatMap { Double($0) }) < 0.5)

      for stream in streams.value { stream.send(data: "bye") }
      let stopping = Date()
      server.stop()
      #expect(Date().timeIntervalSince(stopping) < 1)
      #expect(clients.waitForExit() == 0)
      #expect(streams.value.allSatisfy { !$0.isOpen })
    }

    @Test func aClientThatStopsReadingIsDropped() throws {
      let streams = Shared<[EventStream]>([])
      let server = try startServer(
        configuration { $0.eventStreamBufferBytes = 64 * 1024 },
        handler: Self.streaming(streams))
      defer { server.stop() }
      let reader = try #require(LoopbackSocket(port: server.port))
      reader.send("GET /events HTTP/1.1\r\nHost: kitchen\r\n\r\n")
      #expect(waitUntil(timeout: 5) { server.openEventStreams == 1 })
      let stream = try #require(streams.value.first)
      // The kernel's socket buffers take the first megabytes; then the stream's own fills.
      let event = String(repeating: "x", count: 1000)
      var written = 0
      while stream.send(data: event), written < 100_000 { written += 1 }
      #expect(written < 100_000)
      #expect(!stream.isOpen)
      #expect(reader.waitForClose(timeout: 5))
      #expect(waitUntil(timeout: 5) { server.openEventStreams == 0 })
    }
  }
}
