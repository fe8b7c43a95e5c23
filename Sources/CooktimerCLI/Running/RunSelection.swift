import CooktimerCore
import CooktimerStore

extension CommandContext {
  /// The id of the run a command names, or of the only active run when it names none.
  func runID(_ given: String?) throws -> String { try run(given).id }

  /// The run a command names (as stored), or the only active run when it names none (as it
  /// is at `now`).
  ///
  /// - Throws: `CLIError.notFound` (exit 66) for an unknown id or no active run;
  ///   `CLIError.usage` (exit 64) when several runs are active and none is named.
  func run(_ given: String?) throws -> Run {
    let store = try store()
    if let given {
      if let run = try store.run(id: given) ?? store.run(id: given.lowercased()) { return run }
      throw CLIError.notFound("no run \"\(given)\"; `status` lists the active runs")
    }
    let active = try activeRuns()
    switch active.count {
    case 0: throw CLIError.notFound("no active run; start one with `start RECIPE`")
    case 1: return active[0]
    default:
      let ids = active.map(\.id).joined(separator: ", ")
      throw CLIError.usage(
        "several runs are active (\(ids)): name one, e.g. `\(command) \(active[0].id)`")
    }
  }

  /// The runs active at `now`: stored as active and not finished by auto-advance since.
  func activeRuns() throws -> [Run] {
    let now = self.now
    return try store().activeRuns().map { $0.settled(at: max(now, $0.lastChange)).run }
      .filter(\.isActive)
  }

  /// A timer of `run` by its number in `status` (1-based) or its name (case-insensitive;
  /// the live one first when several share it).
  func timerIndex(_ word: String, in run: Run) throws -> Int {
    if let n = Int(word) {
      guard run.timers.indices.contains(n - 1) else {
        throw CLIError.notFound("\(run.id) has no timer \(n); `status \(run.id)` numbers them")
      }
      return n - 1
    }
    let matches = run.timers.indices.filter {
      run.timers[$0].name.caseInsensitiveCompare(word) == .orderedSame
    }
    if let live = matches.first(where: { run.timers[$0].isLive }) { return live }
    if let waiting = matches.first(where: { run.timers[$0].state == .waiting }) { return waiting }
    guard let any = matches.first else {
      throw CLIError.notFound("\(run.id) has no timer \"\(word)\"; `status \(run.id)` lists them")
    }
    return any
  }
}
