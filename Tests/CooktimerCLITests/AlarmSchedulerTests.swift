import CooktimerCore
import CooktimerTestSupport
import Testing

@testable import CooktimerCLI

/// The scheduling the REPL, `watch` and the benchmark share: what is due, when, and what it says.
@Suite("Alarm scheduler")
struct AlarmSchedulerTests {

  static func recipe(_ steps: [Step]) -> Recipe { Recipe(title: "Test", steps: steps) }

  @Test func sequentialTimersRingAtTheirEndsAndSayWhatStarts() throws {
    let recipe = Self.recipe([
      Step(
        text: "Fry, then turn",
        timers: [
          TimerSpec(name: "first side", duration: 60_000),
          TimerSpec(name: "second side", duration: 30_000, start: .afterPrevious),
        ]),
      Step(text: "Serve"),
    ])
    let run = try Run.start(id: "a1", recipe: recipe, at: t0).run
    var scheduler = AlarmScheduler()
    scheduler.update(run)
    #expect(scheduler.nextDeadline() == t0 + 60_000)
    #expect(scheduler.collect(at: t0 + 59_999).isEmpty)
    let first = scheduler.collect(at: t0 + 60_000)
    #expect(first.map(\.timer) == ["first side"])
    #expect(first.first?.at == t0 + 60_000)
    #expect(first.first?.followUp == "second side starts (0:30)")
    #expect(scheduler.collect(at: t0 + 60_000).isEmpty)  // rung once
    #expect(scheduler.nextDeadline() == t0 + 90_000)
    let second = scheduler.collect(at: t0 + 95_000)
    #expect(second.first?.followUp == "`next`: step 2 — Serve")
    #expect(scheduler.nextDeadline() == nil)
  }

  @Test func aRangeSaysHowLongItMayTake() throws {
    let recipe = Self.recipe([
      Step(
        text: "Boil",
        timers: [TimerSpec(name: "potatoes", duration: 60_000, upperDuration: 120_000)])
    ])
    let run = try Run.start(id: "a1", recipe: recipe, at: t0).run
    let alarms = AlarmScheduler.alarms(of: run, after: t0, through: t0 + 60_000)
    #expect(
      alarms.first?.followUp
        == "check it: the recipe allows up to 2 min · last step: `next` to finish")
  }

  @Test func autoAdvanceAnnouncesTheStepAndTheEnd() throws {
    let recipe = Self.recipe([
      Step(text: "Steep", timers: [TimerSpec(name: "tea", duration: 1_000)]),
      Step(text: "Cool", timers: [TimerSpec(name: "cool", duration: 2_000)]),
    ])
    let run = try Run.start(id: "a1", recipe: recipe, autoAdvance: true, at: t0).run
    let alarms = AlarmScheduler.alarms(of: run, after: t0, through: t0 + 10_000)
    #expect(alarms.map(\.kind) == [.timerFired, .stepStarted, .timerFired, .finished])
    #expect(
      alarms.map(\.at) == [t0 + 1_000, t0 + 1_000, t0 + 3_000, t0 + 3_000])
    #expect(alarms[0].followUp == "cool starts (0:02)")
    #expect(alarms[1].stepNumber == 2)
  }
}
