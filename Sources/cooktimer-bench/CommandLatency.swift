import CooktimerCLI
import CooktimerService
import CooktimerStore
import Foundation

/// How long a one-shot `cooktimer status` takes, start to exit, against a database holding
/// 10,000 finished runs and 100 active ones.
enum CommandLatency {
  static func measure(_ options: Options) throws -> [Figure] {
    let binary = try Binary.cooktimer()
    let seeded = try Fixtures.SeededDatabase(finished: 10_000, active: 100)
    defer { seeded.folder.remove() }
    let environment = seeded.environment
    let output = seeded.folder.path + "/status.txt"
    let runs = options.pick(full: 30, quick: 8)
    var samples: [Double] = []
    var floor: [Double] = []
    // `help` touches no database: the cost of starting the binary at all, side by side.
    for i in 0..<(runs + 2) {
      for (command, into) in [("help", 0), ("status", 1)] {
        let (status, ms) = try Spawn.run(
          binary, [command], environment: environment, output: output + command)
        guard status == 0 else { throw BenchError("cooktimer \(command) exited with \(status)") }
        guard i >= 2 else { continue }  // the first two warm the page cache
        if into == 0 { floor.append(ms) } else { samples.append(ms) }
      }
    }
    let shown = (try? String(contentsOfFile: output + "status", encoding: .utf8)) ?? ""
    guard shown.contains("a99") else {
      throw BenchError("cooktimer status did not list the 100 active runs")
    }
    let median = Stats.median(samples)
    let ratio = median / Stats.median(floor)
    return [
      Figure(name: "status command median", value: median, unit: "ms")
        .target(.below(20, "ms", median)),
      Figure(name: "status command p90", value: Stats.percentile(samples, 90), unit: "ms"),
      Figure(name: "help command median, no database", value: Stats.median(floor), unit: "ms"),
      // Issue 24: `status` costs little beyond starting the binary at all.
      Figure(name: "status / help, medians", value: ratio, unit: "x", digits: 2)
        .target(.atMost(1.3, "x", ratio)),
    ]
  }
}
