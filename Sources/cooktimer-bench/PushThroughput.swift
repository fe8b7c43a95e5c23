import CooktimerAPNs
import CooktimerCore
import CooktimerDelivery
import CooktimerService
import Foundation

/// Pushes per second over one connection: a ``PushSender`` in this process delivering many
/// queued starts, up to ``APNsConnection/maxStreams`` HTTP/2 streams at once, each wave of
/// answers recorded in one transaction. The figure is taken against Debian's nghttpd (a
/// fast real HTTP/2 + TLS server; ``HTTP2Server``) beside its floor, h2load over one
/// connection to the same server. Beside them the figures that split the cost: our
/// transport alone to nghttpd (no database), the sender and the transport to the Python
/// stand-in (whose own speed bounds them), and the sender against a transport that answers
/// 200 at once (only the database).
enum PushThroughput {
  static let topic = APNsWorld.bundleID + ".push-type.liveactivity"
  static let body = Data(#"{"aps":{"event":"update","timestamp":1,"content-state":{}}}"#.utf8)

  static func measure(_ options: Options) throws -> [Figure] {
    let pushes = options.pick(full: 5_000, quick: 2_000)
    let token = APNsWorld.token()
    let server = try HTTP2Server(tokens: [token])
    defer { server.stop() }
    let world = try APNsWorld()
    defer { world.remove() }
    let key = try APNsSigningKey(contentsOfFile: world.key.privateKeyFile)
    var cache = try APNsTokenCache(key: key, keyID: APNsWorld.keyID, teamID: APNsWorld.teamID)

    let fast = try APNsWorld()
    defer { fast.remove() }
    let rate = try senderRate(fast, pushes: pushes, token: token, cache: cache) {
      (_: Bool) throws(APNsError) -> any APNsTransport in
      try APNsConnection(baseURL: server.baseURL, caFile: server.caFile)
    }
    let floor = try server.floorRate(
      token: token, requests: pushes, streams: APNsConnection.maxStreams, body: body,
      headers: try request(token).headers.map { "\($0.name): \($0.value)" } + [
        "authorization: bearer \(try cache.token(at: Int64(Date().timeIntervalSince1970)))",
        "content-type: application/json",
      ])
    let fastTransport = try transportRate(
      server.baseURL, caFile: server.caFile, token: token, requests: pushes, cache: cache)

    let standInPushes = options.pick(full: 2_000, quick: 500)
    let standInRate = try senderRate(
      world, pushes: standInPushes, token: APNsWorld.token(), cache: cache
    ) { (_: Bool) throws(APNsError) -> any APNsTransport in
      try APNsConnection(baseURL: world.standIn.baseURL, caFile: world.standIn.caFile)
    }
    let standInTransport = try transportRate(
      world.standIn.baseURL, caFile: world.standIn.caFile, token: APNsWorld.token(),
      requests: standInPushes, cache: cache)

    let instant = try APNsWorld()
    defer { instant.remove() }
    let storeOnly = try senderRate(instant, pushes: pushes, token: APNsWorld.token(), cache: cache)
    { _ in InstantAPNs() }
    return [
      Figure(name: "pushes sent over one connection", value: rate, unit: "per s", digits: 0)
        .target(.above(2_000, "per s", rate)),
      Figure(
        name: "push floor, h2load to the same nghttpd, one connection", value: floor,
        unit: "per s", digits: 0),
      Figure(
        name: "push floor, transport alone to nghttpd", value: fastTransport, unit: "per s",
        digits: 0),
      Figure(
        name: "pushes sent over one connection to the Python stand-in", value: standInRate,
        unit: "per s", digits: 0),
      Figure(
        name: "push floor, transport alone to the stand-in", value: standInTransport,
        unit: "per s", digits: 0),
      Figure(
        name: "push floor, sender with an instant APNs", value: storeOnly, unit: "per s",
        digits: 0),
    ]
  }

  /// Pushes per second of a sender delivering `pushes` starts queued for `token` in one round
  /// (every one answered 200 and recorded).
  private static func senderRate(
    _ world: APNsWorld, pushes: Int, token: String, cache: APNsTokenCache,
    connect: @escaping (Bool) throws(APNsError) -> any APNsTransport
  ) throws -> Double {
    try world.service.addPushToStartToken(token, device: nil, sandbox: false)
    let recipe = Fixtures.parallelTimers([3_600_000], title: "Stock")
    for _ in 0..<pushes { _ = try world.service.start(recipe, autoAdvance: false) }
    let sender = PushSender(service: world.service, topic: topic, tokens: cache, connect: connect)
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
    return Double(pushes) / delivered.seconds
  }

  /// Requests per second of one ``APNsConnection`` sending one start body `requests` times,
  /// as many at once as it sends, with nothing else in the way. A request that got no answer
  /// goes once more on a new connection, as the sender does: libcurl 7.88 resets every
  /// stream it has finished (RST_STREAM STREAM_CLOSED), and nghttp2's rapid-reset guard in
  /// nghttpd closes the connection (GOAWAY) after 1,000 of them.
  private static func transportRate(
    _ baseURL: URL, caFile: String, token: String, requests: Int, cache: APNsTokenCache
  ) throws -> Double {
    var cache = cache
    var connection = try APNsConnection(baseURL: baseURL, caFile: caFile)
    let jwt = try cache.token(at: Int64(Date().timeIntervalSince1970))
    let request = try request(token)
    _ = try connection.send(request, jwt: jwt)  // the handshake, outside the timing
    let sent = try timed {
      var answered = 0
      var lost = try send(Array(repeating: request, count: requests), connection, jwt, &answered)
      if lost > 0 {
        connection = try APNsConnection(baseURL: baseURL, caFile: caFile)
        lost = try send(Array(repeating: request, count: lost), connection, jwt, &answered)
      }
      guard lost == 0 else { throw BenchError("\(lost) requests to \(baseURL) got no answer") }
      return answered
    }
    return Double(sent.value) / sent.seconds
  }

  /// Sends `requests`, counting the 200s in `answered`; returns how many got no answer.
  private static func send(
    _ requests: [APNsRequest], _ connection: APNsConnection, _ jwt: String,
    _ answered: inout Int
  ) throws -> Int {
    var lost = 0
    try connection.send(
      requests, jwt: jwt, until: { false },
      answered: { answers in
        for answer in answers {
          switch answer.result {
          case .success(let response) where response.status == 200: answered += 1
          case .success(let response):
            throw BenchError("\(connection.baseURL) said \(response.status)")
          case .failure: lost += 1
          }
        }
      })
    return lost
  }

  private static func request(_ token: String) throws -> APNsRequest {
    try APNsRequest(
      deviceToken: token, topic: topic, priority: 10,
      expiration: Int64(Date().timeIntervalSince1970) + 3600, apnsID: nil, collapseID: nil,
      body: body)
  }

  private static func timed<T>(_ body: () throws -> T) rethrows -> (value: T, seconds: Double) {
    let start = WallClock.monotonic()
    let value = try body()
    return (value, Double(WallClock.monotonic() - start) / 1e9)
  }
}

/// An APNs that answers 200 at once, in waves of ``APNsConnection/maxStreams`` as a real
/// connection's streams come back: what the sender costs without a network.
struct InstantAPNs: APNsTransport {
  func send(
    _ requests: [APNsRequest], jwt: String, until stop: () -> Bool,
    answered: ([APNsAnswer]) throws -> Void
  ) rethrows {
    let ok = APNsResponse(status: 200, apnsID: nil, body: Data())
    for start in stride(from: 0, to: requests.count, by: APNsConnection.maxStreams) {
      if stop() { return }
      let end = min(start + APNsConnection.maxStreams, requests.count)
      try answered((start..<end).map { APNsAnswer(index: $0, result: .success(ok)) })
    }
  }
}
