import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerHTTP

/// The header and body deadlines (``ConnectionDeadlines``), with the clock passed in.
@Suite struct DeadlineRuleTests {
  static let second: UInt64 = 1_000_000_000

  func deadlines(_ cut: Shared<[Int32]>) -> ConnectionDeadlines {
    ConnectionDeadlines(headerSeconds: 10, bodySeconds: 30) { socket in
      cut.update { $0.append(socket) }
    }
  }

  @Test func headersAreDueTenSecondsAfterOpeningHoweverSlowlyTheyCome() {
    let cut = Shared<[Int32]>([])
    let rules = deadlines(cut)
    rules.opened(1, socket: 41, at: 0)
    #expect(rules.sweep(at: 10 * Self.second - 1) == 0)
    #expect(rules.sweep(at: 10 * Self.second) == 1)
    #expect(cut.value == [41])
    // Shut down once; the close notification then forgets it.
    #expect(rules.sweep(at: 20 * Self.second) == 0)
    rules.closed(1)
    #expect(rules.count == 0)
  }

  @Test func theBodyIsDueThirtySecondsAfterTheHeadersThenNothingIsDue() {
    let cut = Shared<[Int32]>([])
    let rules = deadlines(cut)
    rules.opened(7, socket: 3, at: 0)
    rules.awaitingBody(7, at: 9 * Self.second)
    #expect(rules.sweep(at: 39 * Self.second - 1) == 0)
    rules.answered(7)
    #expect(rules.sweep(at: 1_000 * Self.second) == 0)
    // Kept alive: the next header block is due ten seconds after the answer.
    rules.awaitingHeaders(7, at: 1_000 * Self.second)
    #expect(rules.sweep(at: 1_010 * Self.second) == 1)
    #expect(cut.value == [3])
  }
}

extension ServerSuite {
  @Suite struct DeadlineWireTests {
    /// Sends `bytes` one at a time every 0.2 s until the server closes the connection;
    /// the seconds that took, or nil if it stayed open for 5 s.
    func trickle(_ bytes: String, on client: LoopbackSocket) -> Double? {
      let start = Date()
      for byte in bytes {
        client.send(String(byte))
        if client.readUntilClose(timeout: 0.2).closed { return Date().timeIntervalSince(start) }
        if Date().timeIntervalSince(start) > 5 { return nil }
      }
      return client.readUntilClose(timeout: 5).closed ? Date().timeIntervalSince(start) : nil
    }

    /// A server whose handler only counts its calls, with a 10 s connection timeout and
    /// `change` applied: a request cut at its deadline must never reach the handler.
    func countingServer(_ change: (inout HTTPServerConfiguration) -> Void) throws -> (
      HTTPServer, Shared<Int>
    ) {
      let calls = Shared(0)
      let server = try startServer(
        configuration {
          $0.connectionTimeoutSeconds = 10
          change(&$0)
        }
      ) { _ in
        calls.update { $0 += 1 }
        return .noContent
      }
      return (server, calls)
    }

    @Test(.tags(.timing)) func aHeaderSentOneByteAtATimeIsCutAtItsDeadline() throws {
      let (server, calls) = try countingServer { $0.requestHeaderTimeoutSeconds = 1 }
      defer { server.stop() }
      let loris = try #require(LoopbackSocket(port: server.port))
      let request =
        "GET /healthz HTTP/1.1\r\nHost: kitchen\r\nX-Slow: " + String(repeating: "a", count: 100)
      let seconds = try #require(trickle(request, on: loris))
      #expect(seconds >= 0.9)
      #expect(seconds < 2)
      #expect(calls.value == 0)
    }

    @Test(.tags(.timing)) func aBodySentOneByteAtATimeIsCutAtItsDeadline() throws {
      let (server, calls) = try countingServer { $0.requestBodyTimeoutSeconds = 1 }
      defer { server.stop() }
      let loris = try #require(LoopbackSocket(port: server.port))
      loris.send("POST /v1/runs HTTP/1.1\r\nHost: kitchen\r\nContent-Length: 100\r\n\r\n")
      let seconds = try #require(trickle(String(repeating: "x", count: 99), on: loris))
      #expect(seconds >= 0.9)
      #expect(seconds < 2)
      #expect(calls.value == 0)
    }

    /// Issue 26's finding: 520 connections sending a header slowly left `/healthz`
    /// unanswered for 40 s. Now, from 10 addresses (other machines), with the default limits.
    @Test(.tags(.timing)) func fiveHundredTwentySlowClientsLeaveHealthzAnswered() throws {
      let server = try startServer { _ in .error(.ok, "fine") }
      defer { server.stop() }
      var slow: [LoopbackSocket] = []
      for index in 0..<520 {
        let client = try #require(
          LoopbackSocket(port: server.port, from: "127.0.1.\(index % 10 + 1)"))
        client.send("GET /healthz HTTP/1.1\r\nHost: kitchen\r\nX-Slow: a")
        slow.append(client)
      }
      let answer = try curl(["-w", " %{http_code} %{time_total}", server.url("/healthz")])
      let parts = answer.output.split(separator: " ")
      #expect(parts.prefix(2) == [#"{"error":"fine","status":"200"}"#, "200"])
      #expect(try #require(parts.last.flatMap { Double($0) }) < 0.5)
      #expect(!slow[0].readUntilClose(timeout: 0.05).closed)
    }

    @Test func oneAddressCannotTakeEveryConnection() throws {
      let server = try startServer(configuration { $0.perAddressConnectionLimit = 2 }) { _ in
        .error(.ok, "fine")
      }
      defer { server.stop() }
      let first = try #require(LoopbackSocket(port: server.port, from: "127.0.0.2"))
      let second = try #require(LoopbackSocket(port: server.port, from: "127.0.0.2"))
      let third = try #require(LoopbackSocket(port: server.port, from: "127.0.0.2"))
      // libmicrohttpd accepts the third and closes it at once, without a word.
      let refused = third.readUntilClose(timeout: 5)
      #expect(refused.closed)
      #expect(refused.text == "")
      #expect(!first.readUntilClose(timeout: 0.1).closed)
      #expect(!second.readUntilClose(timeout: 0.1).closed)
      let other = try curl(["-w", " %{http_code}", server.url("/healthz")])
      #expect(other.output == #"{"error":"fine","status":"200"} 200"#)
    }
  }
}
