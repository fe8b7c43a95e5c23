import CooktimerCore
import CooktimerStore
import Foundation

extension RunService {
  /// The run a command names (as stored; ids match case-insensitively), or the only run
  /// active at `now` when it names none — read inside the caller's transaction.
  ///
  /// - Throws: ``ServiceError/noSuchRun(_:)``, ``ServiceError/noActiveRun``,
  ///   ``ServiceError/severalActiveRuns(_:)``.
  func select(_ given: String?, tx: StoreTransaction, at now: Instant) throws -> Run {
    if let given {
      if let run = try tx.run(named: given) { return run }
      throw ServiceError.noSuchRun(given)
    }
    let active = try tx.activeRuns().filter { $0.settled(at: max(now, $0.lastChange)).run.isActive }
    switch active.count {
    case 0: throw ServiceError.noActiveRun
    case 1: return active[0]
    default: throw ServiceError.severalActiveRuns(active.map(\.id))
    }
  }

  /// The run named `given` (or the only active one), settled at `now` — a read, which
  /// records nothing (docs/cli.md §3.1).
  public func run(_ given: String?, at now: Instant? = nil) throws -> Run {
    let now = now ?? clock.now()
    let run = try store.read { tx in try select(given, tx: tx, at: now) }
    return run.settled(at: max(now, run.lastChange)).run
  }

  /// The runs active at `now` (settled there), oldest first. Records nothing.
  public func activeRuns(at now: Instant? = nil) throws -> [Run] {
    let now = now ?? clock.now()
    return try store.activeRuns().map { $0.settled(at: max(now, $0.lastChange)).run }
      .filter(\.isActive)
  }

  /// A timer of `run` by its number in `status` (1-based) or its name (case-insensitive;
  /// the live one first when several share it, then a waiting one), or a beginning of its
  /// name that no other timer's name has (`Nud` for Nudeln).
  ///
  /// - Throws: ``ServiceError/noSuchTimer(run:timer:)``; ``ServiceError/invalid(_:)`` when
  ///   the beginning fits several names (listed).
  public func index(_ timer: TimerReference, in run: Run) throws -> Int {
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
