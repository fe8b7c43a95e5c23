import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerHTTP

/// Which peers' forwarded-client headers are believed, and what that changes.
@Suite struct TrustedProxyTests {
  @Test func addressesAndRangesParseAndMatch() throws {
    let one = try #require(TrustedProxy("127.0.0.1"))
    #expect(one.contains("127.0.0.1"))
    #expect(one.contains("::ffff:127.0.0.1"))
    #expect(!one.contains("127.0.0.2"))
    let range = try #require(TrustedProxy("10.0.0.0/8"))
    #expect(range.contains("10.255.1.2"))
    #expect(!range.contains("11.0.0.1"))
    let v6 = try #require(TrustedProxy("fd00::/8"))
    #expect(v6.contains("fd12:3456::1"))
    #expect(!v6.contains("fe80::1"))
    let anyIPv4 = try #require(TrustedProxy("0.0.0.0/0"))
    #expect(anyIPv4.contains("203.0.113.9"))
    #expect(!anyIPv4.contains("2001:db8::1"))
    for bad in ["kitchen", "10.0.0.0/33", "10.0.0.0/", "::1/129", "10.0.0.0/+8", "", "1.2.3"] {
      #expect(TrustedProxy(bad) == nil, "\(bad)")
    }
  }

  @Test func theClientIsTheRightMostHopNoTrustedProxyWrote() throws {
    let proxies = [
      try #require(TrustedProxy("127.0.0.1")), try #require(TrustedProxy("10.0.0.0/8")),
    ]
    func client(_ peer: String, _ fields: [(String, String)]) -> String {
      proxies.client(
        of: peer, headers: HTTPHeaders(fields.map { HTTPHeaders.Field(name: $0.0, value: $0.1) }))
    }
    // An untrusted peer's headers are ignored.
    #expect(client("192.0.2.7", [("X-Forwarded-For", "203.0.113.9")]) == "192.0.2.7")
    #expect(client("192.0.2.7", [("X-Real-IP", "203.0.113.9")]) == "192.0.2.7")
    // What the client wrote itself (the left) is not believed; the proxy's hop is.
    #expect(client("127.0.0.1", [("X-Forwarded-For", "1.1.1.1, 203.0.113.9")]) == "203.0.113.9")
    // Through two trusted proxies, and in two fields.
    #expect(
      client(
        "127.0.0.1", [("X-Forwarded-For", "1.1.1.1, 203.0.113.9"), ("X-Forwarded-For", "10.0.0.5")])
        == "203.0.113.9")
    #expect(client("127.0.0.1", [("X-Forwarded-For", "10.0.0.5")]) == "10.0.0.5")
    #expect(client("127.0.0.1", [("X-Forwarded-For", "garbage, 203.0.113.9")]) == "203.0.113.9")
    // What the proxy wrote but is no address: an unknown client, never the proxy's own
    // loopback (a server without a key lets loopback in; a tester's `unknown` got 200).
    #expect(client("127.0.0.1", [("X-Forwarded-For", "203.0.113.9, garbage")]) == "unknown")
    #expect(client("127.0.0.1", [("X-Forwarded-For", "unknown")]) == "unknown")
    #expect(client("127.0.0.1", [("X-Forwarded-For", "127.0.0.1 8.8.8.8")]) == "unknown")
    #expect(!TrustedProxy.isLoopback("unknown"))
    // A hop with a port counts as its address.
    #expect(client("127.0.0.1", [("X-Forwarded-For", "8.8.8.8:1234")]) == "8.8.8.8")
    #expect(client("127.0.0.1", [("X-Forwarded-For", "[2001:db8::7]:443")]) == "2001:db8::7")
    #expect(client("127.0.0.1", [("X-Forwarded-For", "8.8.8.8:")]) == "unknown")
    // Only trusted hops: X-Real-IP says who the client is.
    #expect(
      client("127.0.0.1", [("X-Forwarded-For", "127.0.0.1"), ("X-Real-IP", "8.8.8.8")])
        == "8.8.8.8")
    #expect(client("127.0.0.1", [("X-Real-IP", " 2001:db8::7 ")]) == "2001:db8::7")
    #expect(client("127.0.0.1", [("X-Real-IP", "kitchen")]) == "unknown")
    // Neither header: the proxy's own request (its health check).
    #expect(client("127.0.0.1", []) == "127.0.0.1")
    #expect(TrustedProxy.isLoopback("127.9.9.9"))
    #expect(TrustedProxy.isLoopback("::1"))
    #expect(!TrustedProxy.isLoopback("203.0.113.9"))
  }
}

extension ServerSuite {
  /// A server behind a trusted proxy at 127.0.0.1 (tests stand for other peers with
  /// 127.0.0.2 and up, as loopback addresses of their own).
  @Suite struct TrustedProxyServerTests {
    static let limits = configuration {
      $0.trustedProxies = [TrustedProxy("127.0.0.1")!]
      $0.perAddressConnectionLimit = 3
      $0.eventStreamsPerClient = 2
      $0.eventStreamLimit = 20
    }

    /// `GET /events` on a connection from `source`, naming `client` in `X-Forwarded-For`
    /// (`Connection: close`, so that a refusal ends the connection).
    func openStream(_ server: HTTPServer, from source: String, forwardedFor client: String)
      throws -> LoopbackSocket
    {
      let socket = try #require(LoopbackSocket(port: server.port, from: source))
      socket.send(
        "GET /events HTTP/1.1\r\nHost: kitchen\r\nX-Forwarded-For: \(client)\r\n"
          + "Connection: close\r\n\r\n")
      return socket
    }

    /// The one of `sockets` the server closed (each waited on for a second), nil unless
    /// exactly one.
    static func theOneClosed(_ sockets: [LoopbackSocket]) -> LoopbackSocket? {
      let closed = sockets.filter { $0.waitForClose(timeout: 1) }
      return closed.count == 1 ? closed[0] : nil
    }

    @Test func aTrustedProxyCarriesMoreStreamsThanOneAddressMayHold() throws {
      let streams = Shared<[EventStream]>([])
      let server = try startServer(Self.limits, handler: EventStreamTests.streaming(streams))
      defer { server.stop() }
      // 8 clients behind the proxy: past 3 connections per address and 2 streams per client.
      var held: [LoopbackSocket] = []
      for index in 1...8 {
        held.append(try openStream(server, from: "127.0.0.1", forwardedFor: "192.0.2.\(index)"))
      }
      #expect(waitUntil(timeout: 5) { server.openEventStreams == 8 })
      // One forwarded client is still one client: its third stream is refused.
      for _ in 0..<3 {
        held.append(try openStream(server, from: "127.0.0.1", forwardedFor: "192.0.2.50"))
      }
      #expect(waitUntil(timeout: 5) { streams.value.count == 11 })
      #expect(server.openEventStreams == 10)
      #expect(streams.value.filter(\.isOpen).count == 10)
      // Whichever of the three came last was refused.
      let refused = try #require(Self.theOneClosed(Array(held.suffix(3))))
      #expect(
        text(refused.received).contains(
          #"{"error":"this client has 2 event streams open, its most; close one or try again later","status":"429"}"#
        ))
      _ = held
    }

    @Test func anUntrustedPeersForwardedHeadersAreIgnored() throws {
      let streams = Shared<[EventStream]>([])
      let server = try startServer(Self.limits, handler: EventStreamTests.streaming(streams))
      defer { server.stop() }
      // Distinct forwarded clients, but from 127.0.0.2: one client, 2 streams at most.
      var held: [LoopbackSocket] = []
      for index in 1...3 {
        held.append(try openStream(server, from: "127.0.0.2", forwardedFor: "192.0.2.\(index)"))
      }
      #expect(waitUntil(timeout: 5) { streams.value.count == 3 })
      #expect(server.openEventStreams == 2)
      let refused = try #require(Self.theOneClosed(held))
      #expect(text(refused.received).hasPrefix("HTTP/1.1 429 "))
      // And its connections stay bounded at accept: 3 open (2 streams, one more), a 4th is
      // closed without an answer.
      let third = try #require(LoopbackSocket(port: server.port, from: "127.0.0.2"))
      third.send("GET /plain HTTP/1.1\r\nHost: kitchen\r\n\r\n")
      #expect(waitUntil(timeout: 5) { server.context.addresses?.count(from: "127.0.0.2") == 3 })
      let fourth = try #require(LoopbackSocket(port: server.port, from: "127.0.0.2"))
      #expect(fourth.waitForClose(timeout: 5))
      #expect(fourth.received.isEmpty)
      // The proxy's address has no such bound.
      for index in 1...6 {
        held.append(try openStream(server, from: "127.0.0.1", forwardedFor: "198.51.100.\(index)"))
      }
      #expect(waitUntil(timeout: 5) { server.openEventStreams == 8 })
      _ = (held, third)
    }

    @Test func theHandlerSeesTheForwardedClient() throws {
      let server = try startServer(Self.limits) { request in
        .error(
          .ok, "\(request.remoteAddress) \(request.proxyAddress ?? "-") \(request.isLoopback)")
      }
      defer { server.stop() }
      func who(from source: String, _ header: String) throws -> String {
        try curl(["--interface", source, "-H", header, server.url("/who")]).output
      }
      #expect(
        try who(from: "127.0.0.1", "X-Forwarded-For: 1.1.1.1, 203.0.113.9")
          == #"{"error":"203.0.113.9 127.0.0.1 false","status":"200"}"#)
      #expect(
        try who(from: "127.0.0.1", "X-Real-IP: 127.0.0.7")
          == #"{"error":"127.0.0.7 127.0.0.1 true","status":"200"}"#)
      #expect(
        try who(from: "127.0.0.2", "X-Forwarded-For: 203.0.113.9")
          == #"{"error":"127.0.0.2 - true","status":"200"}"#)
    }
  }
}
