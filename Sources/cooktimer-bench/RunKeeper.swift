import CooktimerCore
import CooktimerService
import CooktimerStore

/// Holds the runs of the alarm benchmark: in memory, or in a database file changed through
/// the very use cases the REPL calls — a typed pause or resume is one
/// ``RunService/perform(_:on:at:)``, and after ringing, ``RunService/catchUpAll(through:only:notified:)``
/// records the fired timers, their pushes and the alarm watermarks.
final class RunKeeper {
  private(set) var runs: [Run]
  private let service: RunService?

  init(_ runs: [Run], path: String?) throws {
    self.runs = runs
    service = try path.map { RunService(store: try RunStore(path: $0)) }
    // Seeding, not a use case: the runs were started by the benchmark, not by a cook.
    try service?.store.transaction { tx in for run in runs { try tx.insert(run) } }
  }

  /// Pauses or resumes run `index` at `now`.
  func change(run index: Int, pause: Bool, at now: Instant) throws {
    guard let service else {
      _ = try pause ? runs[index].pause(at: now) : runs[index].resume(at: now)
      return
    }
    runs[index] = try service.perform(pause ? .pause : .resume, on: runs[index].id, at: now).run
  }

  /// After an alarm batch: what the REPL stores. Returns whether the runs were reloaded.
  func persistSettled(at now: Instant) throws -> Bool {
    guard let service else { return false }
    try service.catchUpAll(through: now, notified: true)
    runs = try service.store.activeRuns()
    return true
  }
}
