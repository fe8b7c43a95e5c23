import CooktimerCore
import CooktimerServer
import CooktimerService
import CooktimerTestSupport
import Foundation
import Testing

/// `/healthz` answers 503 while the server cannot read its database (issue 21: PostgreSQL
/// down or failing over), so a load balancer takes it out of rotation, and 200 again once it
/// can. The server's log says each change once.
@Suite("Health of the database")
struct HealthDatabaseTests {
  @Test func healthzIsDegradedWhileTheDatabaseCannotBeRead() throws {
    try TestPostgreSQL.withSchema { url in
      var configuration = APIServerConfiguration()
      configuration.port = 0
      configuration.watchIntervalSeconds = 0.05
      let lines = LogLines()
      configuration.log = { lines.append($0) }
      let server = try APIServer(
        configuration: configuration,
        makeService: { try RunService(path: url, clock: FixedClock(t0)) },
        recipes: TestRecipes())
      defer { server.stop() }
      func health() throws -> HTTPClientReply {
        try HTTPClient.perform(HTTPClientRequest("GET", "http://127.0.0.1:\(server.port)/healthz"))
      }
      #expect(try health().status == 200)
      // What every look reads first goes away, as with the server unreachable.
      try TestPostgreSQL.execute("ALTER SEQUENCE cooktimer_data_version RENAME TO away", on: url)
      #expect(waitUntil(timeout: 10) { (try? health().status) == 503 })
      let answer = try health()
      #expect(answer.object["status"] as? String == "degraded")
      #expect(answer.object["ok"] as? Bool == false)
      let database = answer.object["database"] as? [String: Any]
      #expect(database?["failingSince"] as? String == "2026-11-29T18:00:00.000Z")
      // The kind of failure only: never the database's location (socket, user, port).
      #expect(database?["reason"] as? String == "the database failed")
      #expect(answer.object["delivery"] == nil)
      // One line however many looks failed, with the store's whole reason.
      #expect(lines.value.count == 1)
      let down = try #require(lines.value.first)
      #expect(down.hasPrefix("the database is unavailable: "))
      #expect(
        down.hasSuffix(
          "; /healthz answers 503 and requests that need it fail until it is back; trying again "
            + "until it works"))
      #expect(down.contains("cooktimer_data_version"), "\(down)")
      try TestPostgreSQL.execute("ALTER SEQUENCE away RENAME TO cooktimer_data_version", on: url)
      #expect(waitUntil(timeout: 10) { (try? health().body) == #"{"ok":true}"# })
      #expect(waitUntil(timeout: 5) { lines.value.count == 2 })
      #expect(lines.value.dropFirst() == ["the database is back"])
    }
  }
}

/// The lines a server logged, from its watcher's thread.
final class LogLines: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []

  func append(_ line: String) { lock.withLock { lines.append(line) } }
  var value: [String] { lock.withLock { lines } }
}
