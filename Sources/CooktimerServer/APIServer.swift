import CooktimerCore
import CooktimerHTTP
import CooktimerService
import Foundation

/// How ``APIServer`` listens and how often it looks; every value has a default for a
/// kitchen service on a home network.
public struct APIServerConfiguration: Sendable {
  /// A numeric IPv4 or IPv6 address, or `localhost` (docs/api.md §2: loopback by default).
  public var host = "127.0.0.1"
  /// 0: any free port (``APIServer/port`` tells which).
  public var port: UInt16 = 8417
  /// Threads, timeouts (10 s without progress, docs/api.md §2) and the 64 KiB body limit.
  public var http = HTTPServerConfiguration()
  /// Seconds between `event: heartbeat` events on every event stream (docs/api.md §1.4: 2).
  public var heartbeatIntervalSeconds: Double = 2
  /// The old name of ``heartbeatIntervalSeconds`` (a `: ping` comment every 15 s before).
  public var pingIntervalSeconds: Double {
    get { heartbeatIntervalSeconds }
    set { heartbeatIntervalSeconds = newValue }
  }
  /// Seconds between looks for changes made elsewhere and timers that fired (docs/api.md
  /// §3: within a second). On SQLite a look is one `PRAGMA data_version` (microseconds)
  /// unless something changed, so 10 ms costs nothing and keeps a change made through
  /// another server or at the terminal within about 10 ms of the screens (issue 21: median
  /// under 20 ms across servers). On PostgreSQL NOTIFY wakes the watcher at once and it
  /// looks every 50 ms at most (``RunWatcher/notifiedPoll``).
  public var watchIntervalSeconds: Double = 0.01
  /// Whether the APNs sender beside the server is failing, for `/healthz` (docs/api.md
  /// §1.2); `nil` (no sender, or it succeeds) answers 200 `{"ok": true}`.
  public var deliveryTrouble: (@Sendable () -> DeliveryTrouble?)?
  /// How long an `Idempotency-Key`'s answer is replayed, in milliseconds (24 h).
  public var idempotencyWindowMilliseconds: Int64 = 86_400_000
  /// The host pairing links name (docs/api.md §2.1): a LAN address or host name a tablet
  /// reaches; `nil`: ``host``.
  public var linkHost: String?
  /// Receives the server's own lines (the database unavailable, and back), one a call,
  /// without the `cooktimer: ` prefix; nil: none.
  public var log: (@Sendable (String) -> Void)?
  /// Where screens reach the server behind a proxy (`https://kitchen.example`, no trailing
  /// `/`): the base of pairing links in place of ``linkHost`` and the port; nil: those.
  public var publicURL: String?

  public init() {}
}

/// `cooktimer serve`: the routes of docs/api.md over ``HTTPServer``, on the application
/// layer (``RunService``), with event streams fed by a watcher of the database. Starts in
/// its initializer; ``stop()`` drains (docs/api.md §2 "SIGTERM").
public final class APIServer: Sendable {
  /// The port listened on.
  public var port: UInt16 { http.port }
  public var host: String { http.host }
  private let http: HTTPServer
  private let watcher: RunWatcher
  private let pinger: Pinger
  let api: API
  /// The codes of pairing links and the address they name (docs/api.md §2.1).
  public let pairing: Pairing

  /// - Parameters:
  ///   - makeService: a new application layer on its own store connection; called once per
  ///     server thread, once each for the watcher, the changes (``GroupCommit``) and the version
  ///     of the database.
  ///   - recipes: where `GET /v1/recipes` and `POST /v1/runs` find recipes.
  ///   - deliveries: the body of `GET /v1/deliveries`; default `{"deliveries": []}`.
  /// - Throws: `HTTPServerError` when it cannot listen; the store's errors from the first
  ///   service.
  public init(
    configuration: APIServerConfiguration = APIServerConfiguration(),
    makeService: @escaping @Sendable () throws -> RunService,
    recipes: any RecipeSource,
    deliveries: (@Sendable (RunService, Instant) throws -> any Encodable)? = nil
  ) throws {
    let watcherService = try makeService()
    let hub = EventHub(clock: watcherService.clock)
    let pool = ServicePool(limit: configuration.http.threadPoolSize + 1, make: makeService)
    let answer: @Sendable (RunService, Instant) throws -> HTTPResponse = { service, now in
      guard let deliveries else { return try .json(["deliveries": [String]()]) }
      return try .json(AnyEncodable(try deliveries(service, now)))
    }
    let pairing = Pairing()
    self.pairing = pairing
    let watcher = RunWatcher(
      hub: hub, service: watcherService, interval: configuration.watchIntervalSeconds,
      log: configuration.log)
    let delivery = configuration.deliveryTrouble ?? { nil }
    // The static bodies are gzipped now, not by the first tablet's request.
    _ = (KitchenPageResponse.page, OpenAPIDocument.body)
    api = API(
      pool: pool, recipes: recipes, hub: hub,
      idempotencyWindow: configuration.idempotencyWindowMilliseconds,
      version: StoreVersion(service: try makeService()),
      writes: GroupCommit(service: try makeService()), pairing: pairing, deliveries: answer,
      health: { HealthAnswer.Report(delivery: delivery(), database: watcher.databaseTrouble) },
      databaseIsAway: { watcher.databaseIsAway })
    self.watcher = watcher
    try watcher.start()
    let pinger = Pinger(hub: hub, interval: configuration.heartbeatIntervalSeconds)
    self.pinger = pinger
    do {
      http = try HTTPServer(
        host: configuration.host, port: configuration.port, configuration: configuration.http,
        handler: { [api] in api.handle($0) })
    } catch {
      pinger.stop()
      watcher.stop()
      throw error
    }
    let linkHost = configuration.linkHost ?? configuration.host
    pairing.baseURL =
      configuration.publicURL
      ?? (configuration.http.tls == nil ? "http://" : "https://")
      + (linkHost.contains(":") ? "[\(linkHost)]" : linkHost) + ":\(http.port)"
  }

  /// A new pairing code, good for 10 minutes from `now`, and its link.
  /// - Throws: ``ServiceError/database(_:)`` when the code cannot be stored.
  public func pairingLink(at now: Instant) throws -> (code: PairingCode, link: String) {
    let code = try api.pool.with { try $0.makePairingCode(at: now) }
    return (code, pairing.link(for: code))
  }

  /// Stops accepting, ends the event streams, lets requests in flight finish (up to the
  /// drain timeout), then stops the watcher. Later calls do nothing.
  public func stop() {
    http.stop()
    pinger.stop()
    watcher.stop()
  }

  /// Event streams open now (`GET /v1/events` clients still there).
  public var openEventStreams: Int { http.openEventStreams }

  /// Every route the server answers, as method and template (for its OpenAPI test).
  public var routes: [(method: String, template: String)] { api.declaredRoutes }
}

/// Delivery failing since `failingSince` (the sender's clock) for `reason` (one line).
public struct DeliveryTrouble: Hashable, Sendable {
  public var failingSince: Instant
  public var reason: String

  public init(failingSince: Instant, reason: String) {
    self.failingSince = failingSince
    self.reason = reason
  }
}

/// An `Encodable` of a type known only at run time.
private struct AnyEncodable: Encodable {
  let value: any Encodable
  init(_ value: any Encodable) { self.value = value }
  func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}

/// Sends `event: heartbeat` to every event stream every `interval` seconds, on a thread of
/// its own.
private final class Pinger: Sendable {
  private let stopped = Wakeup()

  init(hub: EventHub, interval: Double) {
    let stopped = self.stopped
    let thread = Thread {
      while true {
        stopped.wait(timeout: interval)
        if stopped.isStopped { return }
        hub.heartbeat()
      }
    }
    thread.name = "cooktimer-event-heartbeat"
    thread.start()
  }

  func stop() { stopped.stop() }
}
