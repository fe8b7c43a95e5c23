import CooktimerTestSupport
import Foundation
import Testing

/// A body nested deeper than Foundation's decoders go (512 arrays and objects) is told as
/// such, with the byte where it went too deep; one at the limit is an ordinary body.
@Suite("Bodies nested too deeply")
struct NestedBodyTests {
  @Test func aBodyNestedDeeperThan512IsSaidSo() throws {
    let box = try TestServer()
    // 26 bytes up to `"recipe":`, then 512 `[`: the object is level 1, so the 512th `[` opens
    // level 513, at byte 26 + 512 = 538. The `[` inside a string count for nothing.
    let deep =
      #"{"note": "[[[[", "recipe":"# + String(repeating: "[", count: 512)
      + String(repeating: "]", count: 512) + "}"
    let answer = try box.call("POST", "/v1/runs", json: deep)
    #expect(answer.status == 400)
    #expect(
      answer.object["error"] as? String
        == "the body is not valid JSON: nested too deeply (limit 512) at byte 538")
    #expect(try box.service().activeRuns().isEmpty)
  }

  @Test func aBodyAtTheLimitIsReadAsAnyOther() throws {
    let box = try TestServer()
    let atLimit =
      #"{"recipe":"# + String(repeating: "[", count: 511) + String(repeating: "]", count: 511)
      + "}"
    let answer = try box.call("POST", "/v1/runs", json: atLimit)
    #expect(answer.status == 400)
    #expect(answer.object["error"] as? String == "\"recipe\" must be a string")
  }

  @Test func aBodyThatIsMerelyBrokenSaysNoMore() throws {
    let box = try TestServer()
    let answer = try box.call("POST", "/v1/runs", json: #"{"recipe": "[[[[" "#)
    #expect(answer.status == 400)
    #expect(answer.object["error"] as? String == "the body is not valid JSON")
  }
}
