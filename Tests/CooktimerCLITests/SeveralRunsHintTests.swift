import Foundation
import Testing

/// With several runs active and none named, the error's example is the command as typed,
/// TIMER and DURATION included, with a run id added.
@Suite("several active runs: the hint")
struct SeveralRunsHintTests {
  typealias Fixture = AddToTimerTests

  /// The example repeats what was typed, TIMER and DURATION included, with a run added.
  @Test func severalRunsSuggestTheTypedCommandWithARun() throws {
    let box = try Fixture.box()
    let first = try Fixture.start(box, "pasta")
    let second = try Fixture.start(box, "rest", at: 1)
    let add = try box.run(["add", "1", "min", "--now", Fixture.at(2)])
    #expect(add.status == 64)
    #expect(
      add.stderr
        == "cooktimer: several runs are active (\(first), \(second)): name one, e.g. `add 1 min \(first)`\n"
    )
    let begin = try box.run(["begin", "rest", "10", "min", "--now", Fixture.at(2)])
    #expect(
      begin.stderr
        == "cooktimer: several runs are active (\(first), \(second)): name one, e.g. `begin rest 10 min \(first)`\n"
    )
    let timer = try box.run(["add", "2m", "Soße", "--now", Fixture.at(2)])
    #expect(
      timer.stderr
        == "cooktimer: several runs are active (\(first), \(second)): name one, e.g. `add 2m Soße \(first)`\n"
    )
  }

}
