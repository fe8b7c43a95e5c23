import CooktimerCore
import CooktimerHTTP
import CooktimerService
import Foundation

/// The request pipeline of docs/api.md: `/v1` authorization (§2), then the route: a body
/// that is JSON (415), the idempotent replay of a POST (§2), the route's use case on a
/// service of the pool, and every error through ``APIError`` — so a handler is only
/// decode → action → encode.
final class API: Sendable {
  let pool: ServicePool
  let recipes: any RecipeSource
  let hub: EventHub
  let deliveries: @Sendable (RunService, Instant) throws -> HTTPResponse
  let idempotencyWindow: Int64
  private let keyLocks = KeyLocks()
  /// Every change (any method but GET) goes through it; reads use the pool.
  private let writes: GroupCommit
  private let router: HTTPRouter
  private let version: StoreVersion
  /// The valid API keys, read again only after a commit (`cooktimer apikey` in another
  /// process counts at its next request, docs/api.md §2).
  private let keys = VersionedValue<[APIKey]>()

  /// - Parameters:
  ///   - version: a connection of its own to the database, for ``StoreVersion``.
  ///   - writes: the group commit every change goes through.
  init(
    pool: ServicePool, recipes: any RecipeSource, hub: EventHub, idempotencyWindow: Int64,
    version: StoreVersion, writes: GroupCommit, pairing: Pairing,
    deliveries: @escaping @Sendable (RunService, Instant) throws -> HTTPResponse,
    health: @escaping @Sendable () -> HealthAnswer.Report = { HealthAnswer.Report() },
    databaseIsAway: @escaping @Sendable () -> Bool = { false }
  ) {
    self.databaseIsAway = databaseIsAway
    self.version = version
    self.writes = writes
    self.pool = pool
    self.recipes = recipes
    self.hub = hub
    self.idempotencyWindow = idempotencyWindow
    self.deliveries = deliveries
    var router = HTTPRouter()
    let runList = RunListAnswer(version: version)
    for route in Self.routes(
      recipes: recipes, hub: hub, runList: runList, pairing: pairing, deliveries: deliveries,
      health: health)
    {
      if let free = route.free {
        router.add(route.method, route.template) { request, parameters in
          do { return try free(request, parameters) } catch { return APIError.response(for: error) }
        }
        continue
      }
      router.add(route.method, route.template) {
        [pool, writes, keyLocks, idempotencyWindow, hub] in
        Self.serve(
          route, $0, $1, pool: pool, writes: writes, locks: keyLocks, window: idempotencyWindow,
          hub: hub)
      }
    }
    self.router = router
  }

  /// Every route the router answers, for the OpenAPI comparison.
  var declaredRoutes: [(method: String, template: String)] { router.declaredRoutes }

  /// The server's handler: never throws, never traps on input. Every JSON body leaves
  /// through ``JSONSafety`` (DEL, C1 and bidi controls `\u`-escaped), whichever route made it.
  func handle(_ request: HTTPRequest) -> HTTPResponse {
    var response = answer(request)
    // A body already encoded (gzip) is bytes, not JSON text: compress after this, not before.
    if response.headers["Content-Type"]?.hasPrefix("application/json") == true,
      response.headers["Content-Encoding"] == nil
    {
      response.body = JSONSafety.escaped(response.body)
    }
    return response
  }

  /// Whether the watcher's last look found the database away (``RunWatcher/databaseIsAway``).
  private let databaseIsAway: @Sendable () -> Bool

  private func answer(_ request: HTTPRequest) -> HTTPResponse {
    // Everything under /v1 reads the database (the key check at least): while the watcher
    // finds it away, 503 at once — a request would hold a worker for the reconnection's
    // pauses, and those behind it (`/healthz` among them) would wait.
    if request.pathSegments.first == "v1" && databaseIsAway() {
      return APIError.response(
        for: ServiceError.database(
          DatabaseFailure(kind: .unreachable, path: "", description: "the database is away")))
    }
    // `POST /v1/pair` is how a screen without a key gets one: its code is its credential.
    if request.pathSegments.first == "v1" && request.pathSegments != Self.pairPath {
      do {
        let valid = try keys.value(at: try version.current()) {
          try pool.with { try $0.validAPIKeys() }
        }
        if let refusal = Authorization.check(request, keys: valid) {
          return refusal
        }
      } catch {
        return APIError.response(for: error)
      }
    }
    return router.handle(request)
  }

  static let pairPath = ["v1", "pair"]

  private static func serve(
    _ route: APIRoute, _ request: HTTPRequest, _ parameters: [String: String],
    pool: ServicePool, writes: GroupCommit, locks: KeyLocks, window: Int64, hub: EventHub
  ) -> HTTPResponse {
    func handle(_ service: RunService) throws -> HTTPResponse {
      let now = service.clock.now()
      // A pairing answer holds a new key, which must never be stored (docs/api.md §2.1).
      guard request.method == "POST", route.template != "/v1/pair",
        let key = request.headers["Idempotency-Key"]
      else {
        return try answer(route, request, parameters, service, now, nil)
      }
      guard (1...255).contains(key.utf8.count) else {
        throw RequestError.badRequest("Idempotency-Key must be 1 to 255 characters")
      }
      let idempotent = IdempotentRequest(
        caller: Authorization.caller(of: request), key: key, request: request, at: now,
        window: window)
      return try locks.with(idempotent.claim.caller + "\u{0}" + key) {
        // Once across servers too: the same key answered meanwhile by another server is
        // replayed, not refused (issue 21).
        try service.answerOnce(for: idempotent.claim, replaying: idempotent.replay) {
          let response = try answer(route, request, parameters, service, now, idempotent)
          // A refusal or a read changed nothing; its answer is kept all the same, so the
          // retry hears what the first attempt heard. 5xx answers are not final.
          if !idempotent.recorded && response.status.rawValue < 500 {
            try service.recordReply(idempotent.reply(response), for: idempotent.claim)
          }
          return response
        }
      }
    }
    do {
      // Reads in parallel on the pool; changes together, one commit per batch.
      let response = try request.method == "GET" ? pool.with(handle) : writes.run(handle)
      if request.method != "GET" && response.status.rawValue < 300 { hub.poke() }
      return response
    } catch {
      return APIError.response(for: error)
    }
  }

  /// The route's answer, its errors turned into answers too (they are what an idempotent
  /// retry must hear again).
  private static func answer(
    _ route: APIRoute, _ request: HTTPRequest, _ parameters: [String: String],
    _ service: RunService, _ now: Instant, _ claim: IdempotentRequest?
  ) throws -> HTTPResponse {
    let call = APICall(
      request: request, parameters: parameters, service: service, now: now, idempotent: claim)
    do {
      // Every body is one JSON object (docs/api.md §1), also where the route reads none:
      // `pause` with a garbled or non-JSON body is refused, not done.
      if request.method != "GET" { _ = try call.body() }
      return try route.handler(call)
    } catch {
      let response = APIError.response(for: error)
      guard response.status.rawValue < 500 else { throw error }
      return response
    }
  }
}
