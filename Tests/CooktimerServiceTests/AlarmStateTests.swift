import CooktimerCore
import CooktimerService
import CooktimerTestSupport
import Foundation
import Testing

/// The REPL's alarm state as service use cases (docs/cli.md §2): untold alarms taken once,
/// the runs that can ring, counts without reading runs, other processes' changes noticed.
@Suite("Alarm state")
struct AlarmStateTests {
  @Test func untoldAlarmsAreTakenOnceAndAgainOnlyAfterTheTimerIsDue() throws {
    let kitchen = try Kitchen()
    let run = try kitchen.service.start(try Kitchen.recipe("tea"), autoAdvance: false, at: t0)
    // Never told: from its start.
    let first = try kitchen.service.takeUntoldAlarms(through: t0 + minute)
    #expect(first.map(\.run.id) == [run.id])
    #expect(first.map(\.toldThrough) == [nil])
    // Told through t0+1min, the 3-minute timer not due yet, no change since: nothing.
    #expect(try kitchen.service.takeUntoldAlarms(through: t0 + 2 * minute).isEmpty)
    // The timer is due at t0+3min: untold since the last watermark.
    let due = try kitchen.service.takeUntoldAlarms(through: t0 + 4 * minute)
    #expect(due.map(\.run.id) == [run.id])
    #expect(due.map(\.toldThrough) == [t0 + minute])
    // Asked again for the same instant: another REPL got it.
    #expect(try kitchen.service.takeUntoldAlarms(through: t0 + 4 * minute).isEmpty)
  }

  @Test func countsAndSamplesReadTheActiveRuns() throws {
    let kitchen = try Kitchen()
    let tea = try kitchen.service.start(try Kitchen.recipe("tea"), autoAdvance: false, at: t0)
    let rice = try kitchen.service.start(
      try Kitchen.recipe("rice"), autoAdvance: false, at: t0 + second)
    #expect(try kitchen.service.activeRunCount() == 2)
    #expect(try kitchen.service.activeRunIDs() == [tea.id, rice.id])
    #expect(try kitchen.service.activeRuns(first: 1).map(\.id) == [tea.id])
    #expect(try kitchen.service.activeRunsAsStored().map(\.id) == [tea.id, rice.id])
    // Tea's 3-minute timer runs from its first step; rice's first step has none running.
    #expect(try kitchen.service.runsThatCanRing().map(\.id) == [tea.id])
    _ = try kitchen.service.perform(.stop, on: tea.id, at: t0 + minute)
    #expect(try kitchen.service.activeRunCount() == 1)
    #expect(try kitchen.service.activeRuns(ids: [tea.id, rice.id]).map(\.id) == [rice.id])
  }

  @Test func theRemindedRunsCarryTheirAcknowledgement() throws {
    let kitchen = try Kitchen()
    let run = try kitchen.service.start(try Kitchen.recipe("tea"), autoAdvance: false, at: t0)
    // Typed in capitals, as a cook may: the same run.
    try kitchen.service.acknowledge(run.id.uppercased(), at: t0 + 4 * minute)
    let read = try kitchen.service.activeRuns(ids: [run.id])
    #expect(read.map(\.acknowledgedUntil) == [t0 + 4 * minute])
  }

  @Test func anotherProcessesCommitChangesTheVersion() throws {
    let kitchen = try Kitchen()
    let before = try kitchen.service.changeVersion()
    #expect(try kitchen.service.changeVersion() == before)
    let other = try RunService(
      path: kitchen.service.databasePath, clock: FixedClock(t0),
      zone: TimeZone(identifier: "UTC")!)
    _ = try other.start(try Kitchen.recipe("tea"), autoAdvance: false, at: t0)
    #expect(try kitchen.service.changeVersion() != before)
    #expect(try kitchen.service.activeRunCount() == 1)
  }
}
