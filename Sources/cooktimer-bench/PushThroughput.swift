import CooktimerAPNs
import CooktimerCore
import CooktimerDelivery
import CooktimerService
import Foundation

/// Pushes per second over one connection: a ``PushSender`` in this process delivering many
/// queued starts to the stand-in, each answered and recorded one after the other. Beside it
/// two floors that split the cost: the transport alone against the same stand-in (no
/// database), and the same sender against a transport that answers 200 at once (only the
/// database: two durable transactions per push).
enum PushThroughput {
  static func measure(_ options: Options) throws -> [Figure] {
    let pushes = options.pick(full: 2_000, quick: 500)
    let world = try APNsWorld()
    defer { world.remove() }
    let key = try APNsSigningKey(contentsOfFile: world.key.privateKeyFile)
    let cache = try APNsTokenCache(key: key, keyID: APNsWorld.keyID, teamID: APNsWorld.teamID)
    let connect = { (_: Bool) throws(APNsError) -> any APNsTransport in
      try APNsConnection(baseURL: world.standIn.baseURL, caFile: world.standIn.caFile)
    }
    let sender = try seeded(world, pushes: pushes, cache: cache, connect: connect)
    let delivered = try timed { try sender.deliverDue(at: world.service.clock.now()) }
    guard delivered.value == pushes else {
      let answers = try world.service.store.transaction { tx in
        try tx.deliveryAttempts(limit: 10_000).filter { $0.status != 200 }
      }
      let pending = try world.service.store.transaction { tx in try tx.pendingPushes() }.count
      throw BenchError(
        "push throughput: \(delivered.value) of \(pushes) pushes sent; \(pending) pending; "
          + "other answers: \(answers.prefix(3).map { "\($0.status ?? 0) \($0.reason ?? "")" })")
    }
    let rate = Double(pushes) / delivered.seconds

    let transport = try transportRate(world, requests: pushes, cache: cache)

    let instant = try APNsWorld()
    defer { instant.remove() }
    let storeOnly = try seeded(
      instant, pushes: pushes, cache: cache, connect: { _ in InstantAPNs() })
    let stored = try timed { try storeOnly.deliverDue(at: instant.service.clock.now()) }
    return [
      Figure(name: "pushes sent over one connection", value: rate, unit: "per s", digits: 0)
        .target(.above(2_000, "per s", rate)),
      Figure(
        name: "push floor, transport alone to the stand-in", value: transport, unit: "per s",
        digits: 0),
      Figure(
        name: "push floor, sender with an instant APNs",
        value: Double(stored.value) / stored.seconds, unit: "per s", digits: 0),
    ]
  }

  /// A database with `pushes` starts queued for one push-to-start token, and its sender.
  private static func seeded(
    _ world: APNsWorld, pushes: Int, cache: APNsTokenCache,
    connect: @escaping (Bool) throws(APNsError) -> any APNsTransport
  ) throws -> PushSender {
    try world.service.addPushToStartToken(APNsWorld.token(), device: nil, sandbox: false)
    let recipe = Fixtures.parallelTimers([3_600_000], title: "Stock")
    for _ in 0..<pushes { _ = try world.service.start(recipe, autoAdvance: false) }
    return PushSender(
      service: world.service, topic: APNsWorld.bundleID + ".push-type.liveactivity",
      tokens: cache, connect: connect)
  }

  /// Requests per second of one ``APNsConnection`` sending one start body, one after the
  /// other, with nothing else in the way.
  private static func transportRate(
    _ world: APNsWorld, requests: Int, cache: APNsTokenCache
  ) throws -> Double {
    var cache = cache
    let connection = try APNsConnection(
      baseURL: world.standIn.baseURL, caFile: world.standIn.caFile)
    let jwt = try cache.token(at: Int64(Date().timeIntervalSince1970))
    let body = Data(#"{"aps":{"event":"update","timestamp":1,"content-state":{}}}"#.utf8)
    let request = try APNsRequest(
      deviceToken: APNsWorld.token(), topic: APNsWorld.bundleID + ".push-type.liveactivity",
      priority: 10, expiration: Int64(Date().timeIntervalSince1970) + 3600, apnsID: nil,
      collapseID: nil, body: body)
    _ = try connection.send(request, jwt: jwt)  // the handshake, outside the timing
    let sent = try timed {
      for _ in 0..<requests {
        let answer = try connection.send(request, jwt: jwt)
        guard answer.status == 200 else { throw BenchError("the stand-in said \(answer.status)") }
      }
      return requests
    }
    return Double(requests) / sent.seconds
  }

  private static func timed<T>(_ body: () throws -> T) rethrows -> (value: T, seconds: Double) {
    let start = WallClock.monotonic()
    let value = try body()
    return (value, Double(WallClock.monotonic() - start) / 1e9)
  }
}

/// An APNs that answers 200 at once: what the sender costs without a network.
struct InstantAPNs: APNsTransport {
  func send(_ request: APNsRequest, jwt: String) throws(APNsError) -> APNsResponse {
    APNsResponse(status: 200, apnsID: nil, body: Data())
  }
}
