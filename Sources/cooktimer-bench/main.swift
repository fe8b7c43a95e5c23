import Foundation

// Runs every benchmark, prints one table (`name: value unit`, one figure per line), then
// the targets. Exits 1 if any figure could not be measured; a benchmark whose tool is
// missing (wrk) says it is skipped.

let options: Options
do {
  options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("\(error)\n".utf8))
  exit(64)
}

let benchmarks: [(name: String, measure: (Options) throws -> [Figure])] = [
  ("payload throughput", PayloadThroughput.measure),
  ("store writes", StoreWrites.measure),
  ("due lookup", DueLookup.measure),
  ("command latency", CommandLatency.measure),
  ("recipe listing", RecipeListing.measure),
  ("prose durations", ProseFinderAccuracy.measure),
  ("REPL memory", REPLMemory.measure),
  ("idle REPL", IdleREPL.measure),
  ("alarm lateness", LatenessFigures.measure),
  ("push lateness", PushLateness.measure),
  ("push throughput", PushThroughput.measure),
  ("sender memory", SenderMemory.measure),
  ("kitchen page weight", KitchenPageFigures.weight),
  ("kitchen event streams", EventStreams.measure),
  ("kitchen first render", KitchenPageFigures.firstRender),
  ("kitchen tab CPU", KitchenPageFigures.tabCPU),
  ("serve load", ServeLoad.measure),
  ("serve siege", ServeSiege.measure),
  ("serve fleet", ServeFleet.measure),
  ("push fleet", PushFleet.measure),
]

print(Machine.header(quick: options.quick))
var figures: [Figure] = []
var unmeasured: [String] = []
var skipped: [String] = []
for benchmark in benchmarks where options.runs(benchmark.name) {
  do {
    let measured = try benchmark.measure(options)
    for figure in measured { print(figure.line) }
    fflush(nil)  // show each benchmark's lines as soon as they are known
    figures += measured
  } catch let skip as BenchSkip {
    print("\(benchmark.name): skipped (\(skip))")
    skipped.append("\(benchmark.name) (\(skip))")
  } catch {
    print("\(benchmark.name): not measured (\(error))")
    unmeasured.append(benchmark.name)
  }
}

// The fleets measure PostgreSQL beside SQLite only when given a database.
let postgreSQL = ProcessInfo.processInfo.environment["COOKTIMER_BENCH_POSTGRESQL"] ?? ""
for name in ["serve fleet", "push fleet"] where options.runs(name) && postgreSQL.isEmpty {
  skipped.append("\(name) on PostgreSQL (set COOKTIMER_BENCH_POSTGRESQL to a database URL)")
}

print("")
for figure in figures {
  guard let target = figure.target else { continue }
  print("\(target.met ? "met   " : "MISSED") \(figure.name) \(target.text)")
}
for skip in skipped { print("SKIPPED \(skip)") }
if !unmeasured.isEmpty {
  FileHandle.standardError.write(Data("not measured: \(unmeasured.joined(separator: ", "))\n".utf8))
  exit(1)
}
