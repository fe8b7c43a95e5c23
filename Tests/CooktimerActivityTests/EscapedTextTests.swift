import CooktimerActivity
import CooktimerCore
import Foundation
import Testing

/// A recipe's text in a Live Activity body: DEL, C1 and bidi controls `\u`-escaped by
/// ``WireJSON`` (issue 26), the phone still decoding the exact text.
@Suite struct EscapedTextTests {
  @Test func wireJSONEscapesEveryControl() throws {
    #expect(
      try WireJSON.string(["t": "Tea\u{9B}2J\u{202E}x\u{7F}\u{1B}"])
        == #"{"t":"Tea\u009b2J\u202ex\u007f\u001b"}"#)
  }

  @Test func aPushBodyCarriesTheTitleEscapedAndExact() throws {
    let recipe = Recipe(
      title: "Tea\u{9B}\u{2067}", steps: [Step(text: "Steep\u{200F}", timers: [])])
    let run = try startRun(recipe)
    let request = try PushRequest.liveActivity(
      .start, run: run, at: t0, timestamp: t0Seconds, topic: topic)
    let body = String(decoding: request.body, as: UTF8.self)
    #expect(body.contains(#""recipeName":"Tea\u009b\u2067""#))
    #expect(body.contains(#""stepName":"Steep\u200f""#))
    #expect(!body.unicodeScalars.contains(where: JSONSafety.isUnsafe))
    let phone = try JSONDecoder().decode(Phone.Push.self, from: request.body)
    #expect(phone.aps.attributes?.recipeName == "Tea\u{9B}\u{2067}")
    #expect(phone.aps.contentState.stepName == "Steep\u{200F}")
  }
}
