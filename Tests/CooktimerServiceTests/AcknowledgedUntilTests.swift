import CooktimerCore
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

/// docs/cli.md §4.2 `acknowledgedUntil`: every run read from the store carries its
/// acknowledgement, and every document of it shows it.
@Suite("acknowledgedUntil on runs")
struct AcknowledgedUntilTests {
  @Test func everyReadOfARunCarriesItsAcknowledgement() throws {
    let kitchen = try Kitchen()
    let tea = try Kitchen.recipe("tea")
    let run = try kitchen.service.start(tea, autoAdvance: false, at: t0)
    #expect(run.acknowledgedUntil == nil)
    #expect(RunDocument(run, at: t0).acknowledgedUntil == nil)
    try kitchen.service.acknowledge(run.id, at: t0 + 200_000)
    // Never moves back.
    try kitchen.service.acknowledge(run.id, at: t0 + 100_000)
    let active = try kitchen.service.activeRuns(at: t0 + 300_000)
    #expect(active.map(\.acknowledgedUntil) == [t0 + 200_000])
    let read = try kitchen.service.run(run.id, at: t0 + 300_000)
    #expect(read.acknowledgedUntil == t0 + 200_000)
    #expect(
      StatusDocument(active, at: t0 + 300_000).runs.map(\.acknowledgedUntil) == [
        "2026-11-29T18:03:20.000Z"
      ])
    // A change keeps it: the run after a pause still says what was heard.
    let paused = try kitchen.service.perform(.pause, on: run.id, at: t0 + 300_000)
    #expect(paused.run.acknowledgedUntil == t0 + 200_000)
    // Another connection to the same file reads it too.
    let other = try RunStore(path: kitchen.store.path)
    #expect(try other.read { try $0.run(id: run.id) }?.acknowledgedUntil == t0 + 200_000)
  }
}
