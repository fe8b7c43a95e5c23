import CooktimerCore
import CooktimerServer
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

/// A server whose database cannot be reached (PostgreSQL stopped before the first request
/// made a connection, or out of connections): what needs no database still answers, and what
/// does is 503 "unreachable", never 500 and never the database's location (a tester's
/// `/healthz` answered 500 with the socket path).
@Suite("A server whose database is down")
struct DatabaseDownTests {
  /// Whether new services fail to open, as new PostgreSQL connections would.
  final class Outage: @unchecked Sendable {
    private let lock = NSLock()
    private var down = false
    var isDown: Bool {
      get { lock.withLock { down } }
      set { lock.withLock { down = newValue } }
    }
  }

  static let secret = "postgresql:///cooktimer?host=/srv/secret-socket&port=6543&user=owner"

  @Test func whatNeedsNoDatabaseAnswersAndTheRestIs503WithoutTheLocation() throws {
    let database = try TemporaryDatabase("cooktimer-down")
    let path = database.path
    let outage = Outage()
    var configuration = APIServerConfiguration()
    configuration.port = 0
    configuration.watchIntervalSeconds = 0.05
    let server = try APIServer(
      configuration: configuration,
      makeService: {
        if outage.isDown {
          throw ServiceError.database(
            DatabaseFailure(
              kind: .unreachable, path: Self.secret,
              description: Self.secret
                + ": cannot connect to PostgreSQL: connection to server on socket "
                + "\"/srv/secret-socket/.s.PGSQL.6543\" failed: No such file or directory"))
        }
        return RunService(store: try RunStore(path: path), clock: FixedClock(t0))
      }, recipes: TestRecipes())
    defer { server.stop() }
    // Down before any request made a connection of the pool.
    outage.isDown = true
    func call(_ method: String, _ target: String, json: String? = nil) throws -> HTTPClientReply {
      try HTTPClient.perform(
        HTTPClientRequest(
          method, "http://127.0.0.1:\(server.port)" + target,
          headers: json == nil ? [] : ["Content-Type: application/json"],
          body: json.map { Data($0.utf8) }))
    }
    #expect(try call("GET", "/healthz").status == 200)
    #expect(try call("GET", "/openapi.json").status == 200)
    #expect(try call("GET", "/").status == 200)
    for (method, target, json) in [
      ("GET", "/v1/runs", nil), ("POST", "/v1/runs", #"{"recipe": "tea"}"#),
      ("GET", "/v1/recipes", nil),
    ] {
      let answer = try call(method, target, json: json)
      #expect(answer.status == 503, "\(method) \(target)")
      #expect(answer.head.lowercased().contains("\r\nretry-after: 1\r\n"))
      #expect(answer.object["error"] as? String == "the database is unreachable; try again")
      #expect(!answer.body.contains("secret"))
    }
    outage.isDown = false
    #expect(try call("POST", "/v1/runs", json: #"{"recipe": "tea"}"#).status == 201)
  }

  /// PostgreSQL gone while the server runs (its role out of connections, every backend
  /// ended): once the watcher finds it away, what needs the database is 503 at once, not
  /// after the reconnection's ~3 s on a worker — with four workers a tester's `/healthz`
  /// waited 10 s and more behind them. Back, and all answers again.
  @Test(.tags(.timing)) func whileTheDatabaseIsAwayRequestsAreAnsweredAtOnce() throws {
    try TestPostgreSQL.withSchema { url in
      let role = "away_" + UUID().uuidString.prefix(8).lowercased()
      // The name is ours (letters, digits, `_`), not outside input.
      // Not a superuser: a role's CONNECTION LIMIT does not hold for those.
      let schema = try #require(url.components(separatedBy: "search_path%3D").last)
      try TestPostgreSQL.execute(
        "CREATE ROLE \(role) LOGIN; GRANT USAGE, CREATE ON SCHEMA \(schema) TO \(role)", on: url)
      defer {
        try? TestPostgreSQL.execute(
          "REASSIGN OWNED BY \(role) TO CURRENT_USER; DROP OWNED BY \(role); DROP ROLE \(role)",
          on: url)
      }
      let login =
        url.contains("user=postgres")
        ? url.replacingOccurrences(of: "user=postgres", with: "user=\(role)")
        : url + "&user=\(role)"
      var configuration = APIServerConfiguration()
      configuration.port = 0
      configuration.watchIntervalSeconds = 0.05
      let server = try APIServer(
        configuration: configuration,
        makeService: { try RunService(path: login, clock: FixedClock(t0)) },
        recipes: TestRecipes())
      defer { server.stop() }
      func call(_ target: String) throws -> HTTPClientReply {
        try HTTPClient.perform(HTTPClientRequest("GET", "http://127.0.0.1:\(server.port)" + target))
      }
      #expect(try call("/v1/runs").status == 200)
      try TestPostgreSQL.execute(
        "ALTER ROLE \(role) CONNECTION LIMIT 0; SELECT pg_terminate_backend(pid) "
          + "FROM pg_stat_activity WHERE usename = '\(role)'", on: url)
      #expect(
        waitUntil(timeout: 30) {
          let health = try? call("/healthz")
          return health?.status == 503 && health?.body.contains("the database is") == true
        })
      let began = Date()
      let away = try call("/v1/runs")
      #expect(Date().timeIntervalSince(began) < 1.5)
      #expect(away.status == 503)
      #expect(away.object["error"] as? String == "the database is unreachable; try again")
      try TestPostgreSQL.execute("ALTER ROLE \(role) CONNECTION LIMIT -1", on: url)
      #expect(waitUntil(timeout: 30) { (try? call("/healthz"))?.status == 200 })
      #expect(try call("/v1/runs").status == 200)
    }
  }
}
