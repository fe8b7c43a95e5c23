import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerHTTP

/// A raw HTTP/1.1 answer split into its parts; `answers` counts the status lines, so a
/// second answer (to a smuggled request) shows.
struct RawAnswer {
  let statusLine: String
  let headers: [String: String]
  let body: String
  let answers: Int

  init(_ text: String) {
    let end = text.range(of: "\r\n\r\n")
    let head = end.map { String(text[..<$0.lowerBound]) } ?? text
    let lines = head.components(separatedBy: "\r\n")
    statusLine = lines.first ?? ""
    var fields: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      fields[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    headers = fields
    body = end.map { String(text[$0.upperBound...]) } ?? ""
    answers = text.components(separatedBy: "HTTP/1.1 ").count - 1
  }
}

extension ServerSuite {
  /// Framing libmicrohttpd 0.9.75 accepts and we refuse (``RequestHead``), each with a request
  /// smuggled behind it that must never be answered.
  @Suite struct FramingTests {
    static let smuggled = "GET /smuggled HTTP/1.1\r\nHost: kitchen\r\n\r\n"

    /// Sends `request` on a fresh connection; the whole answer once the server closed it.
    func exchange(_ request: String, calls: Shared<[String]>) throws -> (RawAnswer, Bool) {
      let server = try startServer { request in
        calls.update { $0.append(request.path) }
        return .error(.ok, "answered \(request.path)")
      }
      defer { server.stop() }
      let client = try #require(LoopbackSocket(port: server.port))
      client.send(request)
      let (text, closed) = client.readUntilClose(timeout: 5)
      return (RawAnswer(text), closed)
    }

    @Test func twoDifferentContentLengthsAre400AndClose() throws {
      let calls = Shared<[String]>([])
      let (answer, closed) = try exchange(
        "POST /v1/runs HTTP/1.1\r\nHost: kitchen\r\nContent-Length: 2\r\nContent-Length: 40\r\n\r\n{}"
          + Self.smuggled, calls: calls)
      #expect(answer.statusLine == "HTTP/1.1 400 Bad Request")
      #expect(
        answer.body
          == #"{"error":"Content-Length is given more than once with different values","status":"400"}"#
      )
      #expect(answer.headers["content-type"] == "application/json")
      #expect(answer.headers["connection"] == "close")
      #expect(answer.answers == 1)
      #expect(closed)
      #expect(calls.value == [])
    }

    /// `Content-Length : N` (a space before the colon): libmicrohttpd took it for another
    /// field and answered the body as a request of its own (a new user's trial, RFC 9112 §5.1).
    @Test func aSpaceBeforeTheColonIs400AndTheBodyIsNeverAnswered() throws {
      let calls = Shared<[String]>([])
      let (answer, closed) = try exchange(
        "POST /v1/runs HTTP/1.1\r\nHost: kitchen\r\nContent-Length : 41\r\n\r\n"
          + Self.smuggled, calls: calls)
      #expect(answer.statusLine == "HTTP/1.1 400 Bad Request")
      #expect(
        answer.body
          == #"{"error":"the header field name \"Content-Length·\" is not a token","status":"400"}"#
      )
      #expect(answer.headers["connection"] == "close")
      #expect(answer.answers == 1)
      #expect(closed)
      #expect(calls.value == [])
    }

    @Test func twoHostsAre400AndClose() throws {
      let calls = Shared<[String]>([])
      let (answer, closed) = try exchange(
        "GET /v1/runs HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\n\r\n", calls: calls)
      #expect(answer.statusLine == "HTTP/1.1 400 Bad Request")
      #expect(answer.body == #"{"error":"Host is given more than once","status":"400"}"#)
      #expect(closed)
      #expect(calls.value == [])
    }

    @Test func http11WithoutHostIs400AndHTTP10WithoutHostIsServed() throws {
      let calls = Shared<[String]>([])
      let (answer, closed) = try exchange("GET /v1/runs HTTP/1.1\r\n\r\n", calls: calls)
      #expect(answer.statusLine == "HTTP/1.1 400 Bad Request")
      #expect(answer.body == #"{"error":"an HTTP/1.1 request must send Host","status":"400"}"#)
      #expect(closed)
      #expect(calls.value == [])
      let (old, _) = try exchange("GET /v1/runs HTTP/1.0\r\n\r\n", calls: calls)
      #expect(old.statusLine.hasSuffix(" 200 OK"))
      #expect(calls.value == ["/v1/runs"])
    }

    @Test func contentLengthWithChunkedIs400AndTheSmuggledRequestIsNeverAnswered() throws {
      let calls = Shared<[String]>([])
      let (answer, closed) = try exchange(
        "POST /v1/runs HTTP/1.1\r\nHost: kitchen\r\nContent-Length: 7\r\n"
          + "Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n" + Self.smuggled, calls: calls)
      #expect(answer.statusLine == "HTTP/1.1 400 Bad Request")
      #expect(
        answer.body
          == #"{"error":"Content-Length and Transfer-Encoding must not both be sent","status":"400"}"#
      )
      #expect(answer.headers["connection"] == "close")
      #expect(answer.answers == 1)
      #expect(closed)
      #expect(calls.value == [])
    }

    /// A `Content-Length` that is not one number is refused by libmicrohttpd 0.9.75 itself,
    /// before any callback of ours runs and with its own HTML page (no option or callback
    /// lets us answer it: docs/api.md §1.1 names the exception); it even writes its status
    /// line and headers twice, so the second copy arrives as the first one's body. What we
    /// can hold it to: a 400, the connection closed, no handler called, so nothing behind it
    /// answered.
    @Test(arguments: ["abc", "2, 2", "-1", "0x10"])
    func aMalformedContentLengthIs400AndCloses(value: String) throws {
      let calls = Shared<[String]>([])
      let (answer, closed) = try exchange(
        "POST /v1/runs HTTP/1.1\r\nHost: kitchen\r\nContent-Length: \(value)\r\n\r\n{}"
          + Self.smuggled, calls: calls)
      #expect(answer.statusLine == "HTTP/1.1 400 Bad Request")
      #expect(answer.body.hasSuffix("</html>"))
      #expect(!answer.body.contains("answered"))
      #expect(closed)
      #expect(calls.value == [])
    }

    @Test func aTransferCodingOtherThanChunkedIs501() throws {
      let calls = Shared<[String]>([])
      let (answer, closed) = try exchange(
        "POST /v1/runs HTTP/1.1\r\nHost: kitchen\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n",
        calls: calls)
      #expect(answer.statusLine == "HTTP/1.1 501 Not Implemented")
      #expect(
        answer.body
          == #"{"error":"Transfer-Encoding gzip, chunked is not implemented","status":"501"}"#)
      #expect(closed)
      #expect(calls.value == [])
    }

    @Test func theSameContentLengthTwiceIsOneLength() throws {
      let calls = Shared<[String]>([])
      let server = try startServer { request in
        calls.update { $0.append(request.path) }
        return .error(.ok, "\(request.body.count) bytes")
      }
      defer { server.stop() }
      let client = try #require(LoopbackSocket(port: server.port))
      client.send(
        "POST /a HTTP/1.1\r\nHost: kitchen\r\nContent-Length: 2\r\nContent-Length: 2\r\n"
          + "Connection: close\r\n\r\n{}")
      let answer = RawAnswer(client.readUntilClose(timeout: 5).text)
      #expect(answer.statusLine == "HTTP/1.1 200 OK")
      #expect(answer.body == #"{"error":"2 bytes","status":"200"}"#)
      #expect(calls.value == ["/a"])
    }

    @Test func aLongTargetIs414InJSON() throws {
      let calls = Shared<[String]>([])
      // 40,000 bytes: libmicrohttpd's own limit answered this with an HTML page.
      for length in [8_193, 40_000] {
        let target = "/" + String(repeating: "a", count: length - 1)
        let (answer, closed) = try exchange(
          "GET \(target) HTTP/1.1\r\nHost: kitchen\r\n\r\n", calls: calls)
        #expect(answer.statusLine == "HTTP/1.1 414 URI Too Long")
        #expect(
          answer.body
            == #"{"error":"the request target is longer than 8192 bytes","status":"414"}"#)
        #expect(answer.headers["content-type"] == "application/json")
        #expect(closed)
      }
      let longest = "/" + String(repeating: "a", count: 8_191)
      let (answer, _) = try exchange(
        "GET \(longest) HTTP/1.1\r\nHost: kitchen\r\nConnection: close\r\n\r\n", calls: calls)
      #expect(answer.statusLine == "HTTP/1.1 200 OK")
      #expect(calls.value == [longest])
    }

    @Test func largeHeaderFieldsAre431InJSON() throws {
      let calls = Shared<[String]>([])
      for length in [16_400, 40_000] {
        let (answer, closed) = try exchange(
          "GET /healthz HTTP/1.1\r\nHost: kitchen\r\nX-Filler: \(String(repeating: "a", count: length))\r\n\r\n",
          calls: calls)
        #expect(answer.statusLine == "HTTP/1.1 431 Request Header Fields Too Large")
        #expect(
          answer.body
            == #"{"error":"the header fields are larger than 16384 bytes","status":"431"}"#)
        #expect(closed)
      }
      #expect(calls.value == [])
    }

    @Test func headChecksInProcess() {
      let limits = HTTPServerConfiguration()
      func field(_ name: String, _ value: String) -> HTTPHeaders.Field {
        HTTPHeaders.Field(name: name, value: value)
      }
      // HTTP/1.0, which may omit Host, so each case checks one rule.
      func refusal(_ fields: [HTTPHeaders.Field]) -> HTTPResponse? {
        RequestHead.refusal(
          target: "/", version: "HTTP/1.0", fields: fields, configuration: limits)
      }
      #expect(refusal([]) == nil)
      #expect(
        RequestHead.refusal(target: "/", version: "HTTP/1.1", fields: [], configuration: limits)?
          .status == 400)
      // Exactly at the header limit: "X: " + value + CRLF counts name + value + 4.
      #expect(refusal([field("X", String(repeating: "v", count: 16_384 - 5))]) == nil)
      #expect(refusal([field("X", String(repeating: "v", count: 16_384 - 4))])?.status == 431)
      #expect(refusal([field("transfer-encoding", "Chunked ")]) == nil)
      #expect(refusal([field("Content-Length", "3"), field("content-length", " 3")]) == nil)
    }
  }
}
