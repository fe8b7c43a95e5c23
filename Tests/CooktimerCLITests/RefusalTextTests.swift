import Foundation
import Testing

/// Refusal messages show durations as the cook reads them.
@Suite("refusal texts")
struct RefusalTextTests {
  typealias Fixture = AddToTimerTests

  /// Refusals show the time left as the cook reads durations, not raw seconds.
  @Test func refusalsShowTheTimeLeftInTheDisplayFormat() throws {
    let box = try Fixture.box()
    let id = try Fixture.start(box, "pasta")
    let refused = try box.run(["add", "-1h", "--now", Fixture.at(2.697)])
    #expect(refused.status == 65)
    #expect(
      refused.stderr
        == "cooktimer: adding -1 h would leave no time on \"Nudeln\" (7 min 58 s left) (\(id) is running)\n"
    )
  }
}
