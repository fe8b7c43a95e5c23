import CooktimerCore
import CooktimerService
import CooktimerStore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 21's figures of several `cooktimer serve --no-send` on one database, on an SQLite
/// file and, when `$COOKTIMER_BENCH_POSTGRESQL` names a PostgreSQL database, on a fresh schema
/// of it, in the same run: durable pause|resume changes per second through the API with one
/// server and with two (each wrk taking its own runs, so every answer changes one), `GET
/// /v1/runs` requests per second across two servers (a wrk on each, summed), and the time
/// from a change answered by server A to its `run` event on a stream of server B (median,
/// p99). 100 active runs; the servers and wrk share this machine's cores. Without wrk the
/// benchmark is skipped.
enum ServeFleet {
  /// Per server, for the changes: each wrk thread's window in flight stays under its share
  /// of the runs (see ``ServeLoad/pauseResumeScript``).
  static let changeConnections = 8
  static let readConnections = 32

  static func measure(_ options: Options) throws -> [Figure] {
    guard let wrk = Tool.find("wrk") else {
      throw BenchSkip("no wrk found; apt-get install -y wrk")
    }
    let folder = try Fixtures.ScratchFolder()
    defer { folder.remove() }
    var figures = try measure(
      engine: "SQLite", location: folder.path + "/runs.sqlite", wrk: wrk, folder: folder.path,
      options)
    if let url = ProcessInfo.processInfo.environment["COOKTIMER_BENCH_POSTGRESQL"], !url.isEmpty {
      figures += try measure(
        engine: "PostgreSQL", location: try freshSchema(url), wrk: wrk, folder: folder.path,
        options)
    }
    return figures
  }

  private static func measure(
    engine: String, location: String, wrk: String, folder: String, _ options: Options
  ) throws -> [Figure] {
    try Fixtures.seed(
      RunStore.open(location: location), finished: 0, active: 100, now: SystemClock().now())
    let script = folder + "/fleet-pause-resume.lua"
    try pauseResumeScript.write(toFile: script, atomically: true, encoding: .utf8)
    let seconds = options.pick(full: 5, quick: 2)
    let a = try FleetServe(location: location, folder: folder)
    defer { a.kill() }
    let b = try FleetServe(location: location, folder: folder)
    defer { b.kill() }
    // Warm-up: connections, caches, the first JSON encodings.
    _ = try ServeLoad.run(wrk, ["-t1", "-c4", "-d1s", "--latency", a.base + "/v1/runs"])
    _ = try ServeLoad.run(wrk, ["-t1", "-c4", "-d1s", "--latency", b.base + "/v1/runs"])

    func changes(_ servers: [FleetServe]) throws -> Double {
      let results = try parallel(
        servers.enumerated().map { index, serve in
          [
            "-t1", "-c\(changeConnections)", "-d\(seconds)s", "--latency", "-s", script,
            serve.base, "--", String(index), String(servers.count),
          ]
        }, wrk)
      let changed = results.reduce(0) { $0 + ($1.changed ?? 0) }
      guard changed > 0 else { throw BenchError("the pause/resume load changed nothing") }
      return Double(changed) / (results.map(\.seconds).max() ?? 1)
    }
    let one = try changes([a])
    let two = try changes([a, b])
    let reads = try parallel(
      [a, b].map {
        ["-t1", "-c\(readConnections)", "-d\(seconds)s", "--latency", $0.base + "/v1/runs"]
      }, wrk)
    if let refused = reads.first(where: { $0.refused > 0 }) {
      throw BenchError("GET /v1/runs across two servers: \(refused.refused) answers not 2xx")
    }
    let readRate = reads.reduce(0) { $0 + $1.rate }
    let probes = options.pick(full: 200, quick: 50)
    let (latencies, answers, missed) = try changeToEvent(engine, from: a, to: b, changes: probes)
    let median = Stats.median(latencies)
    let p99 = Stats.percentile(latencies, 99)
    return [
      Figure(
        name: "\(engine): serve pause|resume, durable, one server", value: one, unit: "per s",
        digits: 0),
      Figure(
        name: "\(engine): serve pause|resume, durable, two servers", value: two, unit: "per s",
        digits: 0
      ).target(.atLeast(1_500, "per s", two)),
      Figure(
        name: "\(engine): GET /v1/runs across two servers, \(2 * readConnections) connections",
        value: readRate, unit: "requests per s", digits: 0
      ).target(.atLeast(10_000, "requests per s", readRate)),
      Figure(
        name: "\(engine): change on server A to its event on server B, median", value: median,
        unit: "ms"
      ).target(.below(20, "ms", median)),
      Figure(
        name: "\(engine): change on server A to its event on server B, p99", value: p99,
        unit: "ms"
      ).target(.below(100, "ms", p99)),
      // Of which the change's own answer (the commit on A), for what limits the figure above.
      Figure(
        name: "\(engine): change answered by server A, median", value: Stats.median(answers),
        unit: "ms"),
      Figure(
        name: "\(engine): change answered by server A, p99",
        value: Stats.percentile(answers, 99), unit: "ms"),
      Figure(
        name: "\(engine): changes on server A not on server B's stream within 1 s, of \(probes)",
        value: Double(missed), unit: "changes", digits: 0
      ).target(.atMost(0, "changes", Double(missed))),
    ]
  }

  /// Milliseconds from sending each change to server A (a pause or resume of one seeded run,
  /// one at a time, at a random point of B's poll) to the arrival of its `run` event on a
  /// stream of server B; the milliseconds to A's answer; and how many changes B's stream did
  /// not show within a second.
  private static func changeToEvent(
    _ engine: String, from a: FleetServe, to b: FleetServe, changes: Int
  )
    throws -> (latencies: [Double], answers: [Double], missed: Int)
  {
    let stream = try StreamReader(port: b.port, count: 1)
    defer { stream.stop() }
    // A new stream opens with one `run` event per active run.
    guard stream.wait(forEvents: 100, timeout: 10).allSatisfy({ $0 != nil }) else {
      throw BenchError("\(engine): server B's stream did not open with the 100 active runs")
    }
    var (latencies, answers): ([Double], [Double]) = ([], [])
    var missed = 0
    for n in 1...changes {
      let run = "a\(n % 100)"
      usleep(UInt32.random(in: 0..<60_000))
      let before = stream.count(0)
      let sent = WallClock.monotonic()
      var (status, body) = try Loopback.request(port: a.port, "POST", "/v1/runs/\(run)/pause")
      if status == 200, !String(decoding: body, as: UTF8.self).contains(#""changed":true"#) {
        (status, body) = try Loopback.request(port: a.port, "POST", "/v1/runs/\(run)/resume")
      }
      guard status == 200 else {
        throw BenchError("\(engine): a change on server A answered \(status)")
      }
      answers.append(Double(WallClock.monotonic() - sent) / 1e6)
      if let arrived = stream.wait(forEvents: before + 1, timeout: 1).first ?? nil {
        latencies.append(Double(arrived - sent) / 1e6)
      } else {
        missed += 1
      }
    }
    guard !latencies.isEmpty else {
      throw BenchError("\(engine): server B's stream showed none of \(changes) changes")
    }
    return (latencies, answers, missed)
  }

  /// Runs one wrk per argument list at the same time; their results in the same order.
  private static func parallel(_ runs: [[String]], _ wrk: String) throws -> [ServeLoad.WrkResult] {
    let results = Results(count: runs.count)
    DispatchQueue.concurrentPerform(iterations: runs.count) { index in
      results.set(index, Result { try ServeLoad.run(wrk, runs[index]) })
    }
    return try results.all()
  }

  /// A schema of its own in the database at `url` (made with psql), so the other benchmarks'
  /// rows in it do not meet these: the URL with `search_path` set to it.
  static func freshSchema(_ url: String) throws -> String {
    let debian = "/usr/lib/postgresql/15/bin/psql"
    guard
      let psql = Tool.find("psql")
        ?? (FileManager.default.isExecutableFile(atPath: debian)
          ? debian : nil)
    else {
      throw BenchError("no psql found to make a schema in \(url)")
    }
    let schema = "bench_fleet_\(UInt32.random(in: 0...UInt32.max))"
    _ = try Tool.run(psql, ["-X", "-q", url, "-c", "CREATE SCHEMA \(schema)"])
    return url + (url.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)"
  }

  /// As ``ServeLoad/pauseResumeScript``, with the runs shared out over several wrk processes
  /// too: `-- WRK_INDEX WRK_COUNT`, one thread each.
  static let pauseResumeScript = """
    local threads = {}

    function setup(thread)
      table.insert(threads, thread)
    end

    function init(args)
      local index = tonumber(args[1]) or 0
      local count = tonumber(args[2]) or 1
      runs = {}
      for i = index, 99, count do table.insert(runs, "a" .. i) end
      sent = 0
      changed = 0
    end

    function request()
      local n = #runs
      local run = runs[(sent % n) + 1]
      local action = (math.floor(sent / n) % 2 == 0) and "pause" or "resume"
      sent = sent + 1
      return wrk.format("POST", "/v1/runs/" .. run .. "/" .. action)
    end

    function response(status, headers, body)
      if status == 200 and string.find(body, '"changed":true', 1, true) then
        changed = changed + 1
      end
    end

    function done(summary, latency, requests)
      local c = 0
      for _, thread in ipairs(threads) do c = c + thread:get("changed") end
      io.write(string.format("changed %d refused 0\\n", c))
    end
    """
}

/// The results of parallel work, each set once from its own thread.
private final class Results: @unchecked Sendable {
  private let lock = NSLock()
  private var results: [Result<ServeLoad.WrkResult, any Error>?]

  init(count: Int) { results = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ result: Result<ServeLoad.WrkResult, any Error>) {
    lock.lock()
    results[index] = result
    lock.unlock()
  }

  func all() throws -> [ServeLoad.WrkResult] {
    try results.map { try $0!.get() }
  }
}

/// `cooktimer serve --no-send` on a free loopback port of the database at `location`.
private final class FleetServe {
  let process = Process()
  let port: UInt16
  var base: String { "http://127.0.0.1:\(port)" }

  init(location: String, folder: String) throws {
    port = try Loopback.freePort()
    process.executableURL = URL(fileURLWithPath: try Binary.cooktimer())
    process.arguments = ["serve", "--listen", "127.0.0.1:\(port)", "--no-send"]
    process.environment = [
      "COOKTIMER_DB": location, "HOME": folder, "PATH": "/usr/bin:/bin", "TZ": "UTC",
      "COOKTIMER_RECIPES": folder, "XDG_STATE_HOME": folder + "/state",
    ]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let giveUp = WallClock.monotonic() + 10_000_000_000
    while WallClock.monotonic() < giveUp, process.isRunning {
      if let (status, _) = try? Loopback.request(port: port, "GET", "/healthz"), status == 200 {
        return
      }
      usleep(20_000)
    }
    kill()
    throw BenchError("cooktimer serve on \(location) did not answer /healthz")
  }

  func kill() {
    guard process.isRunning else { return }
    Glibc.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }
}
