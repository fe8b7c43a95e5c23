import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerHTTP

extension ServerSuite {
  /// The bounds on event streams per client and in total, and a vanished client's slot.
  @Suite struct StreamBoundTests {
    /// At most 3 streams, 2 per client.
    static let limits = configuration {
      $0.eventStreamLimit = 3
      $0.eventStreamsPerClient = 2
    }

    /// `curl` against `/events` from `source` with `headers`: its body, status and
    /// `Retry-After`, for an answer that is not a stream.
    func refused(_ server: HTTPServer, from source: String, _ headers: [String] = []) throws
      -> String
    {
      try curl(
        ["--interface", source, "-w", " %{http_code} %header{retry-after}"]
          + headers.flatMap { ["-H", $0] } + [server.url("/events")]
      ).output
    }

    func open(_ server: HTTPServer, from source: String, _ headers: [String] = []) throws
      -> RunningCurl
    {
      try RunningCurl(
        ["--interface", source] + headers.flatMap { ["-H", $0] } + [server.url("/events")])
    }

    @Test func perClientThenTotalBoundsAnswerInJSONWithRetryAfter() throws {
      let streams = Shared<[EventStream]>([])
      let server = try startServer(Self.limits, handler: EventStreamTests.streaming(streams))
      defer { server.stop() }
      let a1 = try open(server, from: "127.0.0.1")
      let a2 = try open(server, from: "127.0.0.1")
      #expect(waitUntil(timeout: 5) { server.openEventStreams == 2 })
      defer { for client in [a1, a2] { client.kill() } }

      #expect(
        try refused(server, from: "127.0.0.1")
          == #"{"error":"this client has 2 event streams open, its most; close one or try again later","status":"429"} 429 5"#
      )
      // The refused stream is over for the application too.
      let refusedStream = try #require(streams.value.last)
      #expect(!refusedStream.isOpen)
      #expect(!refusedStream.send(data: "late"))

      let b1 = try open(server, from: "127.0.0.2")
      defer { b1.kill() }
      #expect(waitUntil(timeout: 5) { server.openEventStreams == 3 })
      #expect(
        try refused(server, from: "127.0.0.3")
          == #"{"error":"the server has 3 event streams open, its most; try again later","status":"503"} 503 5"#
      )
      // Everything else is still answered.
      let plain = try curl(["-w", " %{http_code}", server.url("/plain")])
      #expect(plain.output == #"{"error":"plain","status":"200"} 200"#)
    }

    @Test func oneAPIKeyIsOneClientWhateverItsAddress() throws {
      let streams = Shared<[EventStream]>([])
      let server = try startServer(Self.limits, handler: EventStreamTests.streaming(streams))
      defer { server.stop() }
      let key = ["Authorization: Bearer kitchen-key"]
      let first = try open(server, from: "127.0.0.1", key)
      let second = try open(server, from: "127.0.0.2", key)
      defer { for client in [first, second] { client.kill() } }
      #expect(waitUntil(timeout: 5) { server.openEventStreams == 2 })
      #expect(
        try refused(server, from: "127.0.0.3", key)
          == #"{"error":"this client has 2 event streams open, its most; close one or try again later","status":"429"} 429 5"#
      )
      // Another key from the same address is another client.
      let other = try open(server, from: "127.0.0.3", ["Authorization: Bearer other-key"])
      defer { other.kill() }
      #expect(waitUntil(timeout: 5) { server.openEventStreams == 3 })
    }

    /// Issue 26's finding: 1,000 event-stream clients filled the connection limit after 512,
    /// then nothing else was answered. Now, with the default limits, from 20 addresses: 256
    /// stream, the rest hear 429 or 503, and other requests are answered.
    @Test func aThousandStreamClientsLeaveRoomForOthers() throws {
      let streams = Shared<[EventStream]>([])
      let server = try startServer(handler: EventStreamTests.streaming(streams))
      defer { server.stop() }
      var clients: [LoopbackSocket] = []
      for index in 0..<1000 {
        let client = try #require(
          LoopbackSocket(port: server.port, from: "127.0.2.\(index % 20 + 1)"))
        client.send("GET /events HTTP/1.1\r\nHost: kitchen\r\n\r\n")
        clients.append(client)
      }
      #expect(waitUntil(timeout: 20) { streams.value.count == 1000 })
      #expect(server.openEventStreams == 256)
      #expect(streams.value.filter(\.isOpen).count == 256)
      let plain = try curl(["-w", " %{http_code}", server.url("/plain")])
      #expect(plain.output == #"{"error":"plain","status":"200"} 200"#)
    }

    /// The server branch's heartbeat writes every 2 s; a stream whose client vanished fails
    /// at the first or second write after, and its slot is free again at once.
    @Test func aVanishedClientsSlotIsFreedByTheNextWrites() throws {
      let streams = Shared<[EventStream]>([])
      let server = try startServer(
        configuration { $0.eventStreamsPerClient = 1 }, handler: EventStreamTests.streaming(streams)
      )
      defer { server.stop() }
      let gone = try open(server, from: "127.0.0.1")
      #expect(waitUntil(timeout: 5) { server.openEventStreams == 1 })
      let stream = try #require(streams.value.first)
      gone.kill()
      var writes = 0
      while stream.send(event: "heartbeat", data: #"{"serverTime":"x"}"#), writes < 50 {
        writes += 1
        _ = waitUntil(timeout: 0.1) { !stream.isOpen }
      }
      #expect(writes <= 2)
      #expect(waitUntil(timeout: 2) { server.openEventStreams == 0 })
      let next = try open(server, from: "127.0.0.1")
      defer { next.kill() }
      #expect(waitUntil(timeout: 5) { server.openEventStreams == 1 })
    }
  }
}
