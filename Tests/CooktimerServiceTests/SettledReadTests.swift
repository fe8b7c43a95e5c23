import CooktimerCore
import CooktimerService
import CooktimerTestSupport
import Foundation
import Testing

/// Reads give a `SettledRun`: the run at the instant it is settled at, with what happened
/// by itself since its last change (issue 24: "is this settled?" answered by the type).
@Suite("Settled reads")
struct SettledReadTests {
  @Test func aReadIsSettledAtNowWithWhatFired() throws {
    let kitchen = try Kitchen()
    let run = try kitchen.service.start(try Kitchen.recipe("tea"), autoAdvance: false, at: t0)
    let read = try kitchen.service.settledRun(run.id.uppercased(), at: t0 + 4 * minute)
    #expect(read.at == t0 + 4 * minute)
    #expect(read.run.phase == .waiting)
    #expect(read.events.map(\.kind) == [.timerFired])
    #expect(read.events.map(\.at) == [t0 + 3 * minute])
    // The only active run, when none is named: the same value.
    #expect(try kitchen.service.settledRun(nil, at: t0 + 4 * minute) == read)
    #expect(try kitchen.service.settledActiveRuns(at: t0 + 4 * minute) == [read])
  }

  @Test func anInstantBeforeTheLastChangeIsTheLastChange() throws {
    let kitchen = try Kitchen()
    let run = try kitchen.service.start(try Kitchen.recipe("tea"), autoAdvance: false, at: t0)
    _ = try kitchen.service.perform(.pause, on: run.id, at: t0 + minute)
    let read = try kitchen.service.settledRun(run.id, at: t0)
    #expect(read.at == t0 + minute)
    #expect(read.run.phase == .paused)
    #expect(read.events.isEmpty)
  }

  @Test func severalActiveRunsAreNamedInTheirOrder() throws {
    let kitchen = try Kitchen()
    let tea = try kitchen.service.start(try Kitchen.recipe("tea"), autoAdvance: false, at: t0)
    let rice = try kitchen.service.start(
      try Kitchen.recipe("rice"), autoAdvance: false, at: t0 + 1)
    #expect(throws: ServiceError.severalActiveRuns([tea.id, rice.id])) {
      try kitchen.service.settledRun(nil, at: t0 + second)
    }
    _ = try kitchen.service.perform(.stop, on: tea.id, at: t0 + second)
    #expect(try kitchen.service.settledRun(nil, at: t0 + 2 * second).run.id == rice.id)
  }
}
