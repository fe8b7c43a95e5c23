import CooktimerCore
import CooktimerService
import CooktimerTestSupport
import Foundation
import Testing

/// What the server's watcher reads, group commit and the data version.
@Suite("Watching the database at the service")
struct WatchingUseCaseTests {
  @Test func theDataVersionMovesOnlyForAnotherConnectionsCommit() throws {
    let kitchen = try Kitchen()
    let watcher = try kitchen.service.onNewConnection()
    let run = try kitchen.service.start(try Kitchen.recipe("tea"), autoAdvance: false, at: t0)
    let before = try watcher.dataVersion()
    try watcher.acknowledge(run.id, at: t0 + second)
    #expect(try watcher.dataVersion() == before)
    _ = try kitchen.service.perform(.pause, on: run.id, at: t0 + second)
    #expect(try watcher.dataVersion() != before)
  }

  @Test func watchedRunsAreTheActiveOnesThenThoseAskedFor() throws {
    let kitchen = try Kitchen()
    let service = kitchen.service
    let tea = try Kitchen.recipe("tea")
    let first = try service.start(tea, autoAdvance: false, at: t0)
    let second = try service.start(tea, autoAdvance: false, at: t0 + 1)
    _ = try service.perform(.stop, on: first.id, at: t0 + minute)
    try service.acknowledge(second.id, at: t0 + minute)
    let watched = try service.watchedRuns(also: [first.id, "nosuch"], at: t0 + 4 * minute)
    #expect(watched.map(\.run.id) == [second.id, first.id])
    #expect(watched.map(\.acknowledgedAt) == [t0 + minute, nil])
    #expect(watched.map(\.run.phase) == [.waiting, .stopped])
    // Settled at the look: the 3-minute timer of the second run fired at t0 + 1 + 3 min.
    #expect(watched[0].run.timers.map(\.state) == [.fired(at: t0 + 1 + 3 * minute)])
  }

  @Test func aBatchKeepsEveryChangeButTheOneThatThrew() throws {
    let kitchen = try Kitchen()
    let service = kitchen.service
    let tea = try Kitchen.recipe("tea")
    let a = try service.start(tea, autoAdvance: false, at: t0)
    let b = try service.start(tea, autoAdvance: false, at: t0)
    struct Late: Error {}
    let results = try service.batch {
      [
        Result { try service.perform(.pause, on: a.id, at: t0 + second).run.phase },
        Result {
          try service.perform(.pause, on: b.id, at: t0 + second) { _, _ in throw Late() }.run
            .phase
        },
      ]
    }
    #expect(try results[0].get() == .paused)
    #expect(throws: Late.self) { try results[1].get() }
    let other = try service.onNewConnection()
    #expect(try other.run(a.id, at: t0 + second).phase == .paused)
    #expect(try other.run(b.id, at: t0 + second).phase == .running)
  }

  @Test func aFileThatIsNoDatabaseIsADatabaseFailureNotAStoreError() throws {
    let kitchen = try Kitchen()
    let path = kitchen.folder + "/not-a-database"
    try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
    do {
      _ = try RunService(path: path, clock: FixedClock(t0))
      Issue.record("opened a file of 4096 letters A")
    } catch {
      guard case .database(let failure) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(failure.kind == .corrupt)
      #expect(failure.path == path)
    }
  }
}
