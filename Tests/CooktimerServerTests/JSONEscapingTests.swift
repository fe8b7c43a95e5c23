import CooktimerCore
import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerServer

/// Every JSON body and event of the API leaves with DEL, C1 and bidi controls `\u`-escaped
/// (issue 26): exact for a JSON reader, inert in a terminal or a log.
@Suite("JSON output of the API is escaped")
struct JSONEscapingTests {
  @Test func anErrorBodyEchoingTheRequestIsEscaped() throws {
    let box = try TestServer()
    let id = try box.startTea()
    let answer = try box.call(
      "POST", "/v1/runs/\(id)/add", json: #"{"duration": "\u009b\u202e5\u007f"}"#)
    #expect(answer.status == 400)
    #expect(
      answer.body
        == #"{"error":"\"\u009b\u202e5\u007f\" is not a duration: type a length such as 90s, 8m or 1h30m","status":"400"}"#
    )
  }

  @Test func eventDataIsEscaped() {
    #expect(EventHub.encode(["name": "a\u{9B}\u{2066}b"]) == #"{"name":"a\u009b\u2066b"}"#)
  }
}
