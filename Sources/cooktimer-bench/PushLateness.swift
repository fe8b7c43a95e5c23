import CooktimerCore
import CooktimerService
import CooktimerTestSupport
import Foundation

/// Push lateness: runs with one timer each, ending at random milliseconds, and the release
/// `cooktimer send` as the only cooktimer process; for each timer, the stand-in's receipt
/// of its update minus the timer's end date. Beside it, its floor: bare Dispatch timers at
/// the same kind of end dates (``DispatchFloor``).
enum PushLateness {
  static func measure(_ options: Options) throws -> [Figure] {
    let timers = options.pick(full: 200, quick: 60)
    let span: Int64 = options.pick(full: 8_000, quick: 3_000)
    let world = try APNsWorld()
    defer { world.remove() }
    try world.service.addPushToStartToken(APNsWorld.token(), device: nil, sandbox: false)
    // Every run starts at one instant; the first timer ends after the seeding, the
    // sender's start-up and its burst of start pushes are over.
    let lead: Int64 = 4_000
    let start = world.service.clock.now()
    var ends: [String: Int64] = [:]
    for i in 0..<timers {
      let ms = Int64.random(in: lead...(lead + span))
      let recipe = Fixtures.parallelTimers([ms], title: "R\(i)")
      let run = try world.service.start(recipe, autoAdvance: false, at: start)
      let token = APNsWorld.token()
      try world.service.addActivityToken(token, run: run.id, activity: 1, sandbox: false)
      ends[token] = start.unixMilliseconds + ms
    }
    let seeding = world.service.clock.now() - start
    guard seeding < lead / 2 else {
      throw BenchError(
        "seeding \(timers) runs took \(seeding) ms (a busy machine): timers would end before "
          + "the sender is up")
    }
    let sender = try world.startSender()
    defer { APNsWorld.stop(sender) }
    let within = Double(span) / 1000 + 15
    let deadline = WallClock.monotonic() + Int64(within * 1e9)
    var requests = try world.requests(count: 2 * timers, within: within)
    // A fire also re-scores the phone's other running runs (silent updates to their
    // tokens): each token's lateness is that of its own fire's update, the first to alert.
    var lateness = Self.fireLateness(requests, ends: ends)
    while lateness.count < timers, WallClock.monotonic() < deadline {
      usleep(20_000)
      requests = try world.standIn.requests()
      lateness = Self.fireLateness(requests, ends: ends)
    }
    guard lateness.count == timers else {
      throw BenchError("push lateness: \(lateness.count) of \(timers) updates arrived")
    }
    let floor = try DispatchFloor(timers: timers, span: span).measure()
    let median = Stats.median(lateness)
    let p99 = Stats.percentile(lateness, 99)
    return [
      Figure(name: "push lateness median", value: median, unit: "ms", digits: 2)
        .target(.below(5, "ms", median)),
      Figure(name: "push lateness p99", value: p99, unit: "ms", digits: 2)
        .target(.below(50, "ms", p99)),
      Figure(name: "push lateness max", value: lateness.max()!, unit: "ms", digits: 2),
      Figure(
        name: "early pushes", value: Double(lateness.filter { $0 < 0 }.count),
        unit: "of \(timers)", digits: 0
      ).target(.atMost(0, "", Double(lateness.filter { $0 < 0 }.count))),
      Figure(
        name: "push lateness floor, dispatch timers, median", value: Stats.median(floor),
        unit: "ms", digits: 2),
      Figure(
        name: "push lateness floor, dispatch timers, p99", value: Stats.percentile(floor, 99),
        unit: "ms", digits: 2),
    ]
  }

  /// Per token of `ends`, the arrival of its first request that carries an alert (its
  /// timer's fire) minus the timer's end, in milliseconds.
  static func fireLateness(_ requests: [APNsStandIn.Request], ends: [String: Int64]) -> [Double] {
    var fired: [String: Double] = [:]
    for request in requests {
      guard let token = request.token, let end = ends[token], fired[token] == nil,
        let body = try? JSONSerialization.jsonObject(with: Data(request.body.utf8)),
        let aps = (body as? [String: Any])?["aps"] as? [String: Any], aps["alert"] != nil
      else { continue }
      fired[token] = request.time * 1000 - Double(end)
    }
    return Array(fired.values)
  }
}
