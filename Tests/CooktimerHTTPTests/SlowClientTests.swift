import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerHTTP

extension ServerSuite {
  @Suite struct SlowClientTests {
    @Test(.tags(.timing)) func halfSentRequestDelaysNobodyAndIsCutOff() throws {
      let server = try startServer(configuration { $0.connectionTimeoutSeconds = 1 }) { _ in
        .error(.ok, "fine")
      }
      defer { server.stop() }
      let loris = try #require(LoopbackSocket(port: server.port))
      let sent = Date()
      loris.send("POST /v1/runs HTTP/1.1\r\nHost: kitchen\r\nContent-Length: 100\r\n\r\n{\"rec")

      let normal = try curl(["-w", " %{http_code} %{time_total}", server.url("/healthz")])
      let parts = normal.output.split(separator: " ")
      #expect(parts.first == #"{"error":"fine","status":"200"}"#)
      #expect(parts.dropFirst().first == "200")
      let seconds = try #require(parts.last.flatMap { Double($0) })
      #expect(seconds < 0.1)

      #expect(loris.waitForClose(timeout: 5))
      let cutAfter = Date().timeIntervalSince(sent)
      #expect(cutAfter >= 0.9)
      #expect(cutAfter < 3)
    }

    @Test(.tags(.timing)) func idleKeepAliveConnectionIsClosedAfterTheTimeout() throws {
      let server = try startServer(configuration { $0.connectionTimeoutSeconds = 1 }) { _ in
        .noContent
      }
      defer { server.stop() }
      let idle = try #require(LoopbackSocket(port: server.port))
      let opened = Date()
      #expect(idle.waitForClose(timeout: 5))
      #expect(Date().timeIntervalSince(opened) >= 0.9)
    }

    @Test func twoHundredConcurrentRequestsAllSucceed() throws {
      let calls = Shared(0)
      // All 200 come from 127.0.0.1: past the default limit per address (128).
      let server = try startServer(configuration { $0.perAddressConnectionLimit = 0 }) { request in
        calls.update { $0 += 1 }
        return .error(.ok, request.path)
      }
      defer { server.stop() }
      var arguments = ["--parallel", "--parallel-immediate", "--parallel-max", "200"]
      for index in 0..<200 {
        arguments += ["-o", "/dev/null", "-w", "%{http_code}\n", server.url("/r/\(index)")]
      }
      let result = try curl(arguments)
      let statuses = result.output.split(separator: "\n")
      #expect(result.exitCode == 0, "\(result.errors)")
      #expect(statuses.count == 200)
      #expect(statuses.allSatisfy { $0 == "200" })
      #expect(calls.value == 200)
    }
  }
}
