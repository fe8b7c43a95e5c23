import CooktimerCore
import CooktimerServer
import CooktimerService
import CooktimerTestSupport
import Foundation
import Testing

@Suite("Health of delivery; device names")
struct HealthAndDeviceTests {
  /// Issue 26: `serve` went on answering as if all were well while its sender had stopped.
  @Test func healthzSaysWhenDeliveryFails() throws {
    let trouble = DeliveryTrouble(
      failingSince: t0 - 6_000,
      reason: "the database is busy")
    let failing = try TestServer(trouble: { trouble })
    let answer = try failing.call("GET", "/healthz")
    #expect(answer.status == 503)
    #expect(
      answer.body
        == #"{"delivery":{"failingSince":"2026-11-29T17:59:54.000Z","reason":"the database is busy"},"ok":false,"status":"degraded"}"#
    )
    let well = try TestServer(trouble: { nil })
    let fine = try well.call("GET", "/healthz")
    #expect(fine.status == 200 && fine.body == #"{"ok":true}"#)
  }

  /// Issue 26: a NUL inside a device name was accepted (204) and the stored name cut there.
  @Test func aControlCharacterInADeviceNameIsRefused() throws {
    let box = try TestServer()
    let token = String(repeating: "ab", count: 32)
    let cases = [
      (#"{"token": "\#(token)", "device": "Kitchen\u0000iPad"}"#, "U+0000 at character 8"),
      (#"{"token": "\#(token)", "device": "\u001b[2J"}"#, "U+001B at character 1"),
      (#"{"token": "\#(token)", "device": "iPad\u009b"}"#, "U+009B at character 5"),
      (#"{"token": "\#(token)", "device": "a\u007f"}"#, "U+007F at character 2"),
    ]
    for (json, place) in cases {
      let answer = try box.call("PUT", "/v1/tokens/push-to-start", json: json)
      #expect(answer.status == 400)
      #expect(
        answer.body
          == #"{"error":"a device name may not contain control characters: \#(place)","status":"400"}"#
      )
    }
    #expect(try box.service().tokens().isEmpty)
    let named = try box.call(
      "PUT", "/v1/tokens/push-to-start", json: #"{"token": "\#(token)", "device": "Küche iPad"}"#)
    #expect(named.status == 204)
    #expect(try box.service().tokens().map(\.device) == ["Küche iPad"])
  }
}
