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

  /// A timer that rang "has fired", never "is fired"; a skipped one "is skipped".
  @Test func anEndedTimerIsNamedInPlainWords() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "eggs", "Boil ~a{1%minutes} then ~b{3%minutes}.\n")
    let id = try #require(
      try box.json("start eggs --json --now 2026-11-29T18:00:00Z")["id"] as? String)
    let skip = try box.run(["skip", "a", "--now", "2026-11-29T18:02:00Z"])
    #expect(skip.status == 65)
    #expect(skip.stderr == "cooktimer: \"a\" has fired already (\(id) is running)\n")
    let cancel = try box.run(["cancel", "a", "--now", "2026-11-29T18:02:00Z"])
    #expect(cancel.stderr == "cooktimer: \"a\" has fired already (\(id) is running)\n")
    try box.run(["skip", "b", "--now", "2026-11-29T18:02:00Z"])
    let again = try box.run(["skip", "b", "--now", "2026-11-29T18:02:01Z"])
    #expect(again.stderr == "cooktimer: \"b\" is skipped already (\(id) is waiting)\n")
  }
}
