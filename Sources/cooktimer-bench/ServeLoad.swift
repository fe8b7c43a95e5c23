import CooktimerCLI
import CooktimerCore
import CooktimerService
import CooktimerStore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The real `cooktimer serve` under `wrk` (Debian's package) on loopback, with 100 active
/// runs in its database: `GET /v1/runs` requests per second and p99 at 64 connections,
/// state changes per second through `POST /v1/runs/{id}/pause|resume` (every change checked
/// stored afterwards), and serve's peak resident size. Each figure has a floor measured in
/// the same run beside it: `GET /healthz` (no database), the same changes straight to the
/// store (no HTTP), serve's size before any load. Without wrk the benchmark is skipped.
enum ServeLoad {
  static let connections = 64
  /// Fewer for the changes: writes take SQLite's one write lock in turn, and each thread's
  /// window of requests in flight stays well under its share of the runs, so a run's
  /// resume is never sent before its pause was answered.
  static let changeConnections = 16
  static let threads = 2

  static func measure(_ options: Options) throws -> [Figure] {
    guard let wrk = Tool.find("wrk") else {
      throw BenchSkip("no wrk found; apt-get install -y wrk")
    }
    let binary = try Binary.cooktimer()
    let folder = try Fixtures.ScratchFolder()
    defer { folder.remove() }
    let db = folder.path + "/runs.sqlite"
    try Fixtures.seed(RunStore(path: db), finished: 0, active: 100, now: SystemClock().now())
    let script = folder.path + "/pause-resume.lua"
    try pauseResumeScript.write(toFile: script, atomically: true, encoding: .utf8)
    let seconds = options.pick(full: 5, quick: 2)

    let serve = try LoadedServe(binary, folder: folder.path, db: db)
    defer { serve.kill() }
    let idle = try REPLMemory.peakResident(pid: serve.pid)
    // Warm-up: connections, page cache, the first JSON encodings.
    _ = try run(wrk, ["-t1", "-c4", "-d1s", "--latency", serve.base + "/v1/runs"])

    let health = try run(
      wrk,
      ["-t\(threads)", "-c\(connections)", "-d\(seconds)s", "--latency", serve.base + "/healthz"])
    let runs = try run(
      wrk,
      ["-t\(threads)", "-c\(connections)", "-d\(seconds)s", "--latency", serve.base + "/v1/runs"])
    for (name, result) in [("/healthz", health), ("/v1/runs", runs)] where result.refused > 0 {
      throw BenchError("GET \(name) under load: \(result.refused) answers were not 2xx")
    }
    let changes = try run(
      wrk,
      [
        "-t\(threads)", "-c\(changeConnections)", "-d\(seconds)s", "--latency", "-s", script,
        serve.base, "--", String(threads),
      ])
    let peak = try REPLMemory.peakResident(pid: serve.pid)
    guard serve.stop() == 0 else { throw BenchError("serve did not exit 0 on SIGTERM") }

    guard let changed = changes.changed, changed > 0 else {
      throw BenchError("the pause/resume load changed nothing: \(changes.text)")
    }
    // Every answered change is stored; wrk stops with a request in flight on each
    // connection at most, done by the server but never read.
    let stored = try storedChanges(db)
    guard stored >= changed, stored - changed <= changeConnections else {
      throw BenchError("\(changed) changes were answered and \(stored) are stored")
    }
    let changeRate = Double(changed) / changes.seconds
    let floor = try storeFloor(seconds: options.pick(full: 1.0, quick: 0.3))
    let c = connections
    return [
      Figure(
        name: "serve GET /v1/runs, 100 active runs, \(c) connections", value: runs.rate,
        unit: "requests per s", digits: 0
      ).target(.above(5000, "requests per s", runs.rate)),
      Figure(
        name: "serve GET /v1/runs p99, \(c) connections", value: runs.p99, unit: "ms", digits: 2
      )
      .target(.below(20, "ms", runs.p99)),
      Figure(
        name: "serve GET /healthz, no database, \(c) connections", value: health.rate,
        unit: "requests per s", digits: 0),
      Figure(
        name: "serve GET /healthz p99, \(c) connections", value: health.p99, unit: "ms", digits: 2),
      Figure(
        name: "serve pause|resume, durable, \(changeConnections) connections", value: changeRate,
        unit: "per s", digits: 0
      ).target(.above(800, "per s", changeRate)),
      Figure(
        name: "serve pause|resume p99, \(changeConnections) connections", value: changes.p99,
        unit: "ms", digits: 2),
      Figure(
        name: "pause|resume through the service, no HTTP", value: floor, unit: "per s", digits: 0),
      Figure(name: "serve peak resident size, under load", value: peak, unit: "MB")
        .target(.below(50, "MB", peak)),
      Figure(name: "serve resident size at start, idle", value: idle, unit: "MB"),
    ]
  }

  /// What one wrk run printed, and the figures read from it.
  struct WrkResult {
    var text: String
    var rate: Double
    /// Milliseconds.
    var p99: Double
    var seconds: Double
    var refused: Int
    /// The pause/resume script's own count of answers that changed a run.
    var changed: Int?
  }

  static func run(_ wrk: String, _ arguments: [String]) throws -> WrkResult {
    let text = try Tool.run(wrk, arguments)
    return try parse(text)
  }

  /// Reads `Requests/sec:`, the `99%` latency line of `--latency`, `N requests in 5.00s`,
  /// `Non-2xx or 3xx responses: N` and the script's `changed N refused N`.
  static func parse(_ text: String) throws -> WrkResult {
    var result = WrkResult(text: text, rate: 0, p99: -1, seconds: 0, refused: 0)
    for line in text.split(separator: "\n") {
      let words = line.split(separator: " ")
      guard let first = words.first else { continue }
      if first == "Requests/sec:", words.count > 1 {
        result.rate = Double(words[1]) ?? 0
      } else if first == "99%", words.count > 1 {
        result.p99 = milliseconds(String(words[1])) ?? -1
      } else if words.count > 3, words[1] == "requests", words[2] == "in" {
        result.seconds =
          Double(words[3].trimmingCharacters(in: CharacterSet(charactersIn: "s,"))) ?? 0
      } else if line.contains("Non-2xx or 3xx responses:") {
        result.refused = Int(words.last ?? "") ?? 0
      } else if first == "changed", words.count > 1 {
        result.changed = Int(words[1])
      }
    }
    guard result.rate > 0, result.p99 >= 0, result.seconds > 0 else {
      throw BenchError("cannot read wrk's output: \(text)")
    }
    return result
  }

  /// `812.00us`, `3.21ms`, `1.02s` in milliseconds.
  static func milliseconds(_ text: String) -> Double? {
    for (suffix, scale) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0), ("m", 60_000.0)]
    where text.hasSuffix(suffix) {
      return Double(text.dropLast(suffix.count)).map { $0 * scale }
    }
    return nil
  }

  /// The pause and resume events stored for the runs the load changed.
  static func storedChanges(_ db: String) throws -> Int {
    let store = try RunStore(path: db)
    var count = 0
    for i in 0..<100 {
      count += try store.events(runID: "a\(i)").filter { $0.kind == .paused || $0.kind == .resumed }
        .count
    }
    return count
  }

  /// The same pause and resume, each in its own transaction, through the service's change
  /// path on a store of its own (no HTTP, no JSON): what the changes cost without the server
  /// around them.
  static func storeFloor(seconds: Double) throws -> Double {
    let folder = try Fixtures.ScratchFolder()
    defer { folder.remove() }
    let store = try RunStore(path: folder.path + "/runs.sqlite")
    let clock = SystemClock()
    try Fixtures.seed(store, finished: 0, active: 100, now: clock.now())
    let service = RunService(store: store, clock: clock)
    var count = 0
    let began = WallClock.monotonic()
    while WallClock.seconds(since: began) < seconds {
      // Seeded running: run a(count % 100) is paused on even visits, resumed on odd ones.
      let action: RunAction = (count / 100) % 2 == 0 ? .pause : .resume
      _ = try service.perform(action, on: "a\(count % 100)")
      count += 1
    }
    return Double(count) / WallClock.seconds(since: began)
  }

  /// Each wrk thread takes every `threads`-th run of a0…a99 and goes round them: all paused,
  /// then all resumed, and so on. `changed` counts the answers that changed a run.
  static let pauseResumeScript = """
    local threads = {}
    local made = 0

    function setup(thread)
      thread:set("index", made)
      made = made + 1
      table.insert(threads, thread)
    end

    function init(args)
      local count = tonumber(args[1]) or 1
      runs = {}
      for i = index, 99, count do table.insert(runs, "a" .. i) end
      sent = 0
      changed = 0
      refused = 0
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
      else
        refused = refused + 1
      end
    end

    function done(summary, latency, requests)
      local c, r = 0, 0
      for _, thread in ipairs(threads) do
        c = c + thread:get("changed")
        r = r + thread:get("refused")
      end
      io.write(string.format("changed %d refused %d\\n", c, r))
    end
    """
}

/// `cooktimer serve --no-send` on a free loopback port of a scratch folder's database.
private final class LoadedServe {
  let process = Process()
  let base: String
  var pid: Int32 { process.processIdentifier }

  init(_ binary: String, folder: String, db: String) throws {
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["serve", "--listen", "127.0.0.1:0", "--no-send"]
    process.environment = [
      "COOKTIMER_DB": db, "HOME": folder, "PATH": "/usr/bin:/bin", "TZ": "UTC",
      "COOKTIMER_RECIPES": folder, "XDG_STATE_HOME": folder + "/state",
    ]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    var line = Data()
    let reader = out.fileHandleForReading
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = reader.availableData
      if chunk.isEmpty { break }
      line.append(chunk)
    }
    let first = String(decoding: line, as: UTF8.self)
    guard let address = first.split(separator: " ").first(where: { $0.hasPrefix("http://") })
    else {
      Glibc.kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      throw BenchError("serve did not start: \(first)")
    }
    base = String(address)
  }

  /// SIGTERM and the exit status.
  func stop() -> Int32 {
    Glibc.kill(pid, SIGTERM)
    process.waitUntilExit()
    return process.terminationStatus
  }

  func kill() {
    guard process.isRunning else { return }
    Glibc.kill(pid, SIGKILL)
    process.waitUntilExit()
  }
}
