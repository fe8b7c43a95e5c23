import CooktimerTestSupport
import Foundation
import Testing

/// Clients that do not play along, against the real `cooktimer serve` (docs/api.md §2):
/// half-sent requests hold up nobody, a body without end is cut off. The in-process server
/// tests (CooktimerHTTPTests) cover the timeouts themselves with a 1 s limit.
@Suite("cooktimer serve and slow clients", .ownThread)
struct ServeSlowClientTests {
  /// Twice the server's pool of threads in slow-loris connections, each stopped in the
  /// middle of a request line, its headers or its body; a normal request still takes less
  /// than 100 ms, start to end.
  @Test(.tags(.timing)) func slowLorisClientsDelayNoOtherRequest() throws {
    let box = try ServeTests.sandbox()
    let server = try ServeProcess(box)
    let id = try #require(try box.json("start tea --json")["id"] as? String)
    let halves = [
      "GET /v1/ru",
      "GET /v1/runs HTTP/1.1\r\nHost: kitchen\r\nAccept: appl",
      "POST /v1/runs HTTP/1.1\r\nHost: kitchen\r\nContent-Type: application/json\r\n"
        + "Content-Length: 100\r\n\r\n{\"rec",
      "POST /v1/runs/\(id)/pause HTTP/1.1\r\nHost: kitchen\r\nTransfer-Encoding: chunked\r\n\r\n"
        + "40\r\n{",
    ]
    let lorises = try (0..<8).map { n -> LoopbackSocket in
      let loris = try LoopbackSocket(server.base)
      #expect(loris.send(halves[n % halves.count]))
      return loris
    }
    // Sequential requests, each on a new connection, while every loris is still open.
    let options = [
      "-H", "Connection: close", "-o", "/dev/null", "-w", "%{http_code} %{time_total}\n",
    ]
    let path = "/v1/runs/\(id)"
    let earlier = Array(repeating: options + [server.base + path], count: 4)
    let lines = try server.curl(together(earlier) + ["--next"] + options, path)
      .split(separator: "\n")
    #expect(lines.count == 5)
    for line in lines {
      let parts = line.split(separator: " ")
      #expect(parts.first == "200", "\(line)")
      let seconds = try #require(parts.last.flatMap { Double($0) })
      #expect(seconds < 0.1, "a request took \(seconds) s beside \(lorises.count) slow clients")
    }
    for loris in lorises { #expect(!loris.isClosed(within: 0)) }
    // Gone, they hold up nothing; left open, a stop would wait for them (5 s at most).
    for loris in lorises { loris.close() }
    #expect(try box.run("status \(id) --json").stdout.contains(#""phase":"running""#))
    #expect(server.stop() == 0)
  }

  /// A chunked body that never ends is dropped once it is past the 64 KiB limit (plus the
  /// 1 MiB the server reads to answer 413 rather than reset), not read for ever; a declared
  /// length over the limit is answered 413 before any body is sent. Nothing is started, and
  /// the server serves on.
  @Test(.tags(.timing)) func anEndlessBodyIsCutOff() throws {
    let box = try ServeTests.sandbox()
    let server = try ServeProcess(box)
    let endless = try LoopbackSocket(server.base)
    #expect(
      endless.send(
        "POST /v1/runs HTTP/1.1\r\nHost: kitchen\r\nContent-Type: application/json\r\n"
          + "Transfer-Encoding: chunked\r\n\r\n"))
    let chunk =
      Array("4000\r\n".utf8) + [UInt8](repeating: UInt8(ascii: " "), count: 0x4000)
      + Array("\r\n".utf8)
    var sent = 0
    let began = Date()
    // At most 64 MiB or 10 s: far past what the server may read.
    while sent < 64 << 20, Date().timeIntervalSince(began) < 10, endless.send(chunk, timeout: 2) {
      sent += chunk.count
    }
    let cutOff = endless.isClosed(within: 5)
    #expect(cutOff, "still open after \(sent) bytes")
    // Past the ceiling, and the loopback socket buffers (a few MiB) on top.
    #expect(sent > 64 * 1024)
    #expect(sent < 16 << 20, "\(sent) bytes were taken before the cut")

    let declared = try LoopbackSocket(server.base)
    #expect(
      declared.send(
        "POST /v1/runs HTTP/1.1\r\nHost: kitchen\r\nContent-Type: application/json\r\n"
          + "Content-Length: 1000000000\r\nExpect: 100-continue\r\n\r\n"))
    #expect(declared.isClosed(within: 5))
    let answer = String(decoding: declared.received, as: UTF8.self)
    #expect(answer.hasPrefix("HTTP/1.1 413 "), "\(answer)")
    #expect(
      answer.hasSuffix(#"{"error":"the request body is larger than 65536 bytes","status":"413"}"#))

    #expect(runIDs(in: try box.run("status --json").stdout).isEmpty)
    #expect(try server.request("GET", "/healthz").status == 200)
    #expect(server.stop() == 0)
  }
}
