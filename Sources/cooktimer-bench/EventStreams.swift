import CooktimerService
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// 50 kitchen screens on one `cooktimer serve`: 50 open `GET /v1/events` streams, then runs
/// paused and resumed in turn, through the API and as one-shot commands on the same
/// database. The latency is from just before the change is sent (or the command started) to
/// the `run` event's arrival, on every stream, for every change.
///
/// The API pokes the watcher at once; a command's write is seen only at the watcher's next
/// look at `data_version` (every 250 ms), so the two are figures of their own. The floor is
/// the HTTP answer to the API's change itself, and the one-shot command's own run time.
enum EventStreams {
  static let streams = 50

  static func measure(_ options: Options) throws -> [Figure] {
    let server = try ServeProcess()
    defer { server.stop() }
    let id = try server.startRun("overnight-bread")  // its first step's timer runs 30 min
    let reader = try StreamReader(port: server.port, count: streams)
    defer { reader.stop() }
    // A new client first gets the active runs: one event each here.
    var expected = 1
    guard !reader.wait(forEvents: expected, timeout: 10).contains(nil) else {
      throw BenchError("not every one of \(streams) streams got the run's first event")
    }
    var paused = false
    func change(_ send: () throws -> Void) throws -> [Double] {
      // A cook's change comes at any moment of the watcher's 250 ms cycle; made right after
      // the last event, every change would fall at the same point of it.
      usleep(UInt32.random(in: 0...250_000))
      let sent = WallClock.monotonic()
      try send()
      expected += 1
      let arrived = reader.wait(forEvents: expected, timeout: 5)
      let missing = arrived.filter { $0 == nil }.count
      guard missing == 0 else {
        throw BenchError("\(missing) of \(streams) streams missed change \(expected - 1)")
      }
      return arrived.map { Double($0! - sent) / 1e6 }
    }

    var api: [Double] = []
    var answers: [Double] = []
    for _ in 0..<options.pick(full: 30, quick: 10) {
      let word = paused ? "resume" : "pause"
      paused.toggle()
      api += try change {
        let start = WallClock.monotonic()
        let (status, _) = try Loopback.request(port: server.port, "POST", "/v1/runs/\(id)/\(word)")
        answers.append(Double(WallClock.monotonic() - start) / 1e6)
        guard status == 200 else { throw BenchError("POST \(word) answered \(status)") }
      }
    }
    var command: [Double] = []
    var runTimes: [Double] = []
    let output = server.folder.path + "/command.txt"
    for _ in 0..<options.pick(full: 20, quick: 6) {
      let word = paused ? "resume" : "pause"
      paused.toggle()
      command += try change {
        let (status, ms) = try Spawn.run(
          server.binary, [word, id], environment: server.environment, output: output)
        runTimes.append(ms)
        guard status == 0 else { throw BenchError("cooktimer \(word) exited with \(status)") }
      }
    }

    let median = Stats.median(api)
    let p99 = Stats.percentile(api, 99)
    let cliP99 = Stats.percentile(command, 99)
    let name = "change to event, \(streams) streams, API"
    let cli = "change to event, \(streams) streams, one-shot command"
    return [
      Figure(name: "\(name) median", value: median, unit: "ms").target(.below(50, "ms", median)),
      Figure(name: "\(name) p99", value: p99, unit: "ms").target(.below(200, "ms", p99)),
      Figure(name: "API change answer median (floor)", value: Stats.median(answers), unit: "ms"),
      Figure(name: "\(cli) median", value: Stats.median(command), unit: "ms"),
      // The goal for a change made outside the server: on screen within 1 s.
      Figure(name: "\(cli) p99", value: cliP99, unit: "ms").target(.below(1000, "ms", cliP99)),
      Figure(
        name: "one-shot command run time median (floor)", value: Stats.median(runTimes), unit: "ms"),
      Figure(
        name: "stream events timed", value: Double(api.count + command.count), unit: "events",
        digits: 0),
    ]
  }
}
