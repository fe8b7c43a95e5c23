import CooktimerCore
import CooktimerStore

/// Holds the runs of the alarm benchmark: in memory, or in a database file written the way
/// the REPL writes it — a typed pause or resume is one `update(runID:)`, and after ringing,
/// every active run gets its alarm watermark moved and its fired timers recorded
/// (`AlarmRinger.persistSettled`, minus the Live Activity push drafts).
final class RunKeeper {
  private(set) var runs: [Run]
  private let store: RunStore?

  init(_ runs: [Run], path: String?) throws {
    self.runs = runs
    store = try path.map { try RunStore(path: $0) }
    for run in runs { try store?.insert(run, nextDue: run.nextDue) }
  }

  /// Pauses or resumes run `index` at `now`.
  func change(run index: Int, pause: Bool, at now: Instant) throws {
    guard let store else {
      _ = try pause ? runs[index].pause(at: now) : runs[index].resume(at: now)
      return
    }
    runs[index] = try store.update(runID: runs[index].id) { run, _ in
      let change = try pause ? run.pause(at: now) : run.resume(at: now)
      return StoreChange(events: change.events, nextDue: run.nextDue)
    }
  }

  /// After an alarm batch: what the REPL stores. Returns whether the runs were reloaded.
  func persistSettled(at now: Instant) throws -> Bool {
    guard let store else { return false }
    // One transaction for every run, as `catchUpAll(through:only:notified:)` does.
    try store.transaction { tx in
      for run in try store.activeRuns() {
        let (settled, events) = run.settled(at: now)
        _ = try tx.advanceAlarmWatermark(runID: run.id, through: now)
        guard !events.isEmpty else { continue }
        var stored = settled
        stored.lastChange = max(stored.lastChange, now)
        try tx.save(stored, nextDue: stored.nextDue)
        try tx.append(events, runID: run.id)
      }
    }
    runs = try store.activeRuns()
    return true
  }
}
