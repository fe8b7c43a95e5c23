import CooktimerAPNs
import CooktimerCore
import CooktimerDelivery
import CooktimerService
import CooktimerStore
import Foundation

/// Issue 21's pushes per second with one and with two senders on one database, against
/// Debian's nghttpd (``HTTP2Server``), on an SQLite file and, when
/// `$COOKTIMER_BENCH_POSTGRESQL` names a PostgreSQL database, on a fresh schema of it, in
/// the same run. Each sender is a ``PushSender`` of its own (its own service, connection,
/// owner and HTTP/2 connection) on a thread of its own in this process, taking leases as
/// `cooktimer send` does; the figure is every queued start sent and recorded, divided by the
/// time until the last one was.
enum PushFleet {
  static func measure(_ options: Options) throws -> [Figure] {
    let pushes = options.pick(full: 5_000, quick: 2_000)
    let token = APNsWorld.token()
    let server = try HTTP2Server(tokens: [token])
    defer { server.stop() }
    let world = try APNsWorld()
    defer { world.remove() }
    let key = try APNsSigningKey(contentsOfFile: world.key.privateKeyFile)
    let cache = try APNsTokenCache(key: key, keyID: APNsWorld.keyID, teamID: APNsWorld.teamID)
    let folder = try Fixtures.ScratchFolder()
    defer { folder.remove() }
    var engines = [("SQLite", folder.path + "/pushes.sqlite")]
    if let url = ProcessInfo.processInfo.environment["COOKTIMER_BENCH_POSTGRESQL"], !url.isEmpty {
      engines.append(("PostgreSQL", try ServeFleet.freshSchema(url)))
    }
    // nghttpd, and an APNs that answers 200 at once (``InstantAPNs``): what the database
    // alone allows the senders.
    let transports: [(String, () throws(APNsError) -> any APNsTransport)] = [
      (
        "nghttpd",
        { () throws(APNsError) in
          try APNsConnection(baseURL: server.baseURL, caFile: server.caFile)
        }
      ),
      ("instant APNs", { InstantAPNs() }),
    ]
    var figures: [Figure] = []
    for (engine, location) in engines {
      for (apns, connect) in transports {
        for senders in [1, 2] {
          let rate = try rate(
            location, senders: senders, pushes: pushes, token: token, cache: cache,
            connect: connect)
          var figure = Figure(
            name: "\(engine): pushes sent, \(senders) sender\(senders == 1 ? "" : "s"), \(apns)",
            value: rate, unit: "per s", digits: 0)
          if senders == 2 { figure = figure.target(.atLeast(4_000, "per s", rate)) }
          figures.append(figure)
        }
      }
    }
    return figures
  }

  /// Queues `pushes` starts for `token` on the database at `location`, then lets `senders`
  /// senders deliver them; pushes per second.
  private static func rate(
    _ location: String, senders: Int, pushes: Int, token: String, cache: APNsTokenCache,
    connect: @escaping () throws(APNsError) -> any APNsTransport
  ) throws -> Double {
    let settings = PushSettings(topic: APNsWorld.bundleID)
    let queue = RunService(store: try RunStore.open(location: location), settings: settings)
    try queue.addPushToStartToken(token, device: nil, sandbox: false)
    let recipe = Fixtures.parallelTimers([3_600_000], title: "Stock")
    for _ in 0..<pushes { _ = try queue.start(recipe, autoAdvance: false) }
    let workers = Senders(
      try (0..<senders).map { n in
        PushSender(
          service: RunService(store: try RunStore.open(location: location), settings: settings),
          topic: PushThroughput.topic, tokens: cache,
          connect: { (_: Bool) throws(APNsError) -> any APNsTransport in try connect() },
          owner: "bench-sender-\(n)")
      })
    let sent = Tally()
    let began = WallClock.monotonic()
    DispatchQueue.concurrentPerform(iterations: senders) { n in
      let sender = workers.all[n]
      // Rounds until the queue is empty: a round that sends nothing while the other sender
      // holds the rest is followed by another, as the `send` loop's would be.
      while sent.count < pushes, WallClock.seconds(since: began) < 120 {
        do {
          sent.add(try sender.deliverDue(at: SystemClock().now()))
        } catch {
          sent.fail(error)
          return
        }
      }
    }
    let seconds = WallClock.seconds(since: began)
    if let error = sent.error { throw BenchError("push fleet: \(error)") }
    guard sent.count == pushes else {
      throw BenchError("push fleet: \(sent.count) of \(pushes) pushes sent in \(seconds) s")
    }
    return Double(pushes) / seconds
  }
}

/// Pushes sent by the senders' threads, and the first error.
private final class Tally: @unchecked Sendable {
  private let lock = NSLock()
  private var sent = 0
  private var first: (any Error)?

  var count: Int { lock.withLock { sent } }
  var error: (any Error)? { lock.withLock { first } }
  func add(_ n: Int) { lock.withLock { sent += n } }
  func fail(_ error: any Error) { lock.withLock { first = first ?? error } }
}

/// The senders, each used by one thread only.
private final class Senders: @unchecked Sendable {
  let all: [PushSender]
  init(_ all: [PushSender]) { self.all = all }
}
