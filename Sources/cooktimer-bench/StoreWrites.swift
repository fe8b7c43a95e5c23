import CooktimerCLI
import CooktimerCore
import CooktimerService
import CooktimerStore
import Foundation

/// Durable state changes per second: pause or resume of one of 100 runs, each through
/// `RunService.perform(_:on:at:)` — the path `pause` takes in the CLI, the REPL and the
/// server (read, settle, change, store, queue pushes) — in its own transaction, on a real file
/// in WAL mode — and, when
/// `$COOKTIMER_BENCH_POSTGRESQL` names an empty PostgreSQL database, on it too
/// (docs/deploy.md).
enum StoreWrites {
  static func measure(_ options: Options) throws -> [Figure] {
    let folder = try Fixtures.ScratchFolder()
    defer { folder.remove() }
    var figures = [
      Figure(
        name: "durable state changes",
        value: try rate(try RunStore(path: folder.path + "/runs.sqlite"), options), unit: "per s",
        digits: 0)
    ]
    if let url = ProcessInfo.processInfo.environment["COOKTIMER_BENCH_POSTGRESQL"], !url.isEmpty {
      figures.append(
        Figure(
          name: "durable state changes, PostgreSQL",
          value: try rate(try RunStore.open(location: url), options), unit: "per s", digits: 0))
    }
    return figures
  }

  /// The median rate of changes on `store`, seeded with 100 running runs.
  private static func rate(_ store: RunStore, _ options: Options) throws -> Double {
    let clock = SystemClock()
    try Fixtures.seed(store, finished: 0, active: 100, now: clock.now())
    let service = RunService(store: store, clock: clock)
    let rounds = options.pick(full: 5, quick: 3)
    let seconds = options.pick(full: 1.0, quick: 0.3)
    var rates: [Double] = []
    var n = 0
    for _ in 0..<rounds {
      var count = 0
      let began = WallClock.monotonic()
      while WallClock.seconds(since: began) < seconds {
        // Run a(n % 100) is visited for the (n / 100)th time: seeded running, it is paused on
        // even visits and resumed on odd ones, so every call changes it.
        let action: RunAction = (n / 100) % 2 == 0 ? .pause : .resume
        _ = try service.perform(action, on: "a\(n % 100)")
        n += 1
        count += 1
      }
      rates.append(Double(count) / WallClock.seconds(since: began))
    }
    return Stats.median(rates)
  }
}
