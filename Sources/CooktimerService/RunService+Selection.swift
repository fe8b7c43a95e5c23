import CooktimerCore
import CooktimerStore
import Foundation

extension RunService {
  /// The run a command names (as stored; ids match case-insensitively), or the only run
  /// active at `now` when it names none — read inside the caller's transaction. With
  /// `locking` (the transaction a ``RunStore/runTransaction(_:)``), its row is locked and it
  /// is read again, as it stands once changes of it before this one committed.
  ///
  /// - Throws: ``ServiceError/noSuchRun(_:)``, ``ServiceError/noActiveRun``,
  ///   ``ServiceError/severalActiveRuns(_:)``.
  func select(_ given: String?, tx: StoreTransaction, at now: Instant, locking: Bool = false)
    throws -> Run
  {
    try selectSettling(given, tx: tx, at: now, locking: locking).run
  }

  /// ``select(_:tx:at:locking:)``, with the run settled at `now` when finding it settled it
  /// already (the only active run: each active run is settled once to see which is), so a
  /// change settles it no second time; `nil` for a named run, or one read again after its
  /// lock (another change may have committed since).
  func selectSettling(
    _ given: String?, tx: StoreTransaction, at now: Instant, locking: Bool = false
  ) throws -> (run: Run, settled: SettledRun?) {
    // The usual case — a change naming its run by its exact id — reads and locks it at once.
    if locking, let given, let run = try tx.lockedRun(id: given) { return (run, nil) }
    let found: (run: Run, settled: SettledRun?)
    if let given {
      guard let run = try tx.run(named: given) else { throw ServiceError.noSuchRun(given) }
      found = (run, nil)
    } else {
      let only = try onlyActive(try tx.activeRuns().map { ($0, $0.settled(at: now)) })
      found = (only.stored, only.settled)
    }
    // Locked, then read again: a change of it may have committed since the first read.
    guard locking, try tx.lockRun(found.run.id) else { return found }
    guard let latest = try tx.run(id: found.run.id) else {
      throw ServiceError.noSuchRun(found.run.id)
    }
    return (latest, nil)
  }

  /// The run named `given` (or the only active one) settled at `now` — a read, which
  /// records nothing (docs/cli.md §3.1). Each run read is settled once.
  ///
  /// - Throws: ``ServiceError/noSuchRun(_:)``, ``ServiceError/noActiveRun``,
  ///   ``ServiceError/severalActiveRuns(_:)``; ``ServiceError/database(_:)``.
  public func settledRun(_ given: String?, at now: Instant? = nil) throws(ServiceError)
    -> SettledRun
  {
    let now = now ?? clock.now()
    return try reading { tx in
      if let given {
        guard let run = try tx.run(named: given) else { throw ServiceError.noSuchRun(given) }
        return run.settled(at: now)
      }
      return try onlyActive(try tx.activeRuns().map { ($0, $0.settled(at: now)) }).settled
    }
  }

  /// The runs active at `now`, each settled there once, oldest first. Records nothing.
  /// - Throws: ``ServiceError/database(_:)``.
  public func settledActiveRuns(at now: Instant? = nil) throws(ServiceError) -> [SettledRun] {
    let now = now ?? clock.now()
    return try ServiceError.storing { try store.activeRuns() }.map { $0.settled(at: now) }
      .filter(\.run.isActive)
  }

  /// ``settledRun(_:at:)``'s run, for callers that keep a plain `Run`.
  /// - Throws: as ``settledRun(_:at:)``.
  public func run(_ given: String?, at now: Instant? = nil) throws(ServiceError) -> Run {
    try settledRun(given, at: now).run
  }

  /// ``settledActiveRuns(at:)``'s runs, for callers that keep plain `Run`s.
  /// - Throws: ``ServiceError/database(_:)``.
  public func activeRuns(at now: Instant? = nil) throws(ServiceError) -> [Run] {
    try settledActiveRuns(at: now).map(\.run)
  }

  /// The one run among `runs` (each as stored and settled once, in the stored order) that
  /// is active once settled.
  /// - Throws: ``ServiceError/noActiveRun``, ``ServiceError/severalActiveRuns(_:)``.
  private func onlyActive(_ runs: [(stored: Run, settled: SettledRun)]) throws -> (
    stored: Run, settled: SettledRun
  ) {
    let active = runs.filter { $0.settled.run.isActive }
    switch active.count {
    case 0: throw ServiceError.noActiveRun
    case 1: return active[0]
    default: throw ServiceError.severalActiveRuns(active.map(\.stored.id))
    }
  }

  /// A timer of `run` by its number in `status` (1-based) or its name (case-insensitive;
  /// the live one first when several share it, then a waiting one), or a beginning of its
  /// name that no other timer's name has (`Nud` for Nudeln).
  ///
  /// - Throws: ``ServiceError/noSuchTimer(run:timer:)``; ``ServiceError/invalid(_:)`` when
  ///   the beginning fits several names (listed).
  public func index(_ timer: TimerReference, in run: Run) throws(ServiceError) -> Int {
    switch timer {
    case .number(let n):
      guard run.timers.indices.contains(n - 1) else {
        throw ServiceError.noSuchTimer(run: run.id, timer: String(n))
      }
      return n - 1
    case .suggested(let number):
      // The timer `begin sN` started (one at most: a second `begin` reuses it).
      guard
        let t = run.timers.indices.first(where: { run.suggestion(ofTimer: $0)?.number == number })
      else {
        throw ServiceError.noSuchTimer(run: run.id, timer: "s\(number)")
      }
      return t
    case .name(let word):
      var matches = run.timers.indices.filter {
        run.timers[$0].name.caseInsensitiveCompare(word) == .orderedSame
      }
      if matches.isEmpty {
        // A unique beginning of a name (`skip Nud` for Nudeln); several names are listed.
        let wanted = word.lowercased()
        matches = run.timers.indices.filter {
          !wanted.isEmpty && run.timers[$0].name.lowercased().hasPrefix(wanted)
        }
        var names: [String] = []
        for t in matches where !names.contains(run.timers[t].name) {
          names.append(run.timers[t].name)
        }
        if names.count > 1 {
          throw ServiceError.invalid(
            "\"\(word)\" names \(names.count) timers of \(run.id): "
              + "\(names.joined(separator: ", ")); name one of them")
        }
      }
      if let live = matches.first(where: { run.timers[$0].isLive }) { return live }
      if let waiting = matches.first(where: { run.timers[$0].state == .waiting }) {
        return waiting
      }
      guard let any = matches.first else {
        throw ServiceError.noSuchTimer(run: run.id, timer: word)
      }
      return any
    }
  }
}
