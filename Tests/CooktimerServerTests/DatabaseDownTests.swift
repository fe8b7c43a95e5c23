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

}
