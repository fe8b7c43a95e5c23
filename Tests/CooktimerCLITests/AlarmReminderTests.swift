import CooktimerCore
import CooktimerTestSupport
import Testing

@testable import CooktimerCLI

/// The repeat-until-acknowledged rule on its own, with instants given.
@Suite(.ownThread) struct AlarmReminderTests {
  func alarm(_ run: String, at ms: Int64, _ kind: Alarm.Kind = .timerFired) -> Alarm {
    Alarm(
      kind: kind, runID: run, recipe: "Tea", at: Instant(unixMilliseconds: ms), timer: "tea",
      stepNumber: 1, stepCount: 1, stepText: "Steep.", followUp: "")
  }

  @Test func remindsEveryIntervalUntilAcknowledged() {
    var reminders = AlarmReminders(interval: 30_000)
    reminders.rang(alarm("a", at: 1_000), at: Instant(unixMilliseconds: 1_000))
    reminders.rang(alarm("a", at: 1_000, .finished), at: Instant(unixMilliseconds: 1_000))
    #expect(reminders.nextDeadline() == Instant(unixMilliseconds: 31_000))
    #expect(reminders.due(at: Instant(unixMilliseconds: 30_999)).isEmpty)
    #expect(reminders.due(at: Instant(unixMilliseconds: 31_000)).map(\.runID) == ["a"])
    #expect(reminders.nextDeadline() == Instant(unixMilliseconds: 61_000))
    reminders.acknowledgeAll()
    #expect(reminders.nextDeadline() == nil && reminders.isEmpty)
  }

  @Test func anAcknowledgementElsewhereCoversWhatFiredBeforeIt() {
    var reminders = AlarmReminders(interval: 1_000)
    reminders.rang(alarm("a", at: 1_000), at: Instant(unixMilliseconds: 1_000))
    reminders.rang(alarm("a", at: 5_000), at: Instant(unixMilliseconds: 5_000))
    reminders.rang(alarm("b", at: 2_000), at: Instant(unixMilliseconds: 2_000))
    reminders.acknowledge(runID: "a", through: Instant(unixMilliseconds: 4_000))
    #expect(reminders.pending.map(\.alarm.at.unixMilliseconds) == [5_000, 2_000])
    reminders.keep(runs: ["a"])
    #expect(reminders.runIDs == ["a"])
  }
}

extension AlarmReminderTests {
  /// Issue 26: a run that moved on elsewhere (`next`, `restart`) stops its reminders.
  @Test func aRunInAnotherStepStopsRemindingOfTheLastOne() {
    var reminders = AlarmReminders(interval: 1_000)
    let step1 = Instant(unixMilliseconds: 0)
    reminders.rang(alarm("a", at: 1_000), at: Instant(unixMilliseconds: 1_000), step: step1)
    reminders.rang(alarm("b", at: 1_000), at: Instant(unixMilliseconds: 1_000), step: step1)
    reminders.keep(runID: "a", stepStartedAt: step1)
    #expect(reminders.runIDs == ["a", "b"])
    reminders.keep(runID: "a", stepStartedAt: Instant(unixMilliseconds: 7_000))
    #expect(reminders.runIDs == ["b"])
  }
}
