import CooktimerServer
import CooktimerTestSupport
import Foundation
import Testing

/// `GET /v1/runs` is kept per server while the database's version stays the same, and the
/// version reads of requests arriving together are shared (docs/deploy.md §6). A change
/// answered by server A before a `GET` on server B starts must show in B's answer, on an
/// SQLite file and on PostgreSQL: two real ``APIServer``s through the in-process client.
@Suite("GET /v1/runs across servers")
struct RunListAcrossServersTests {
  typealias Server = EventIDsAcrossServersTests.Server

  /// The phases of `GET /v1/runs` in order of the runs' ids.
  static func phases(_ server: Server) throws -> [String] {
    let reply = try server.call("GET", "/v1/runs")
    #expect(reply.status == 200)
    let runs = try #require(reply.object["runs"] as? [[String: Any]])
    return runs.sorted { ($0["id"] as? String ?? "") < ($1["id"] as? String ?? "") }
      .map { $0["phase"] as? String ?? "?" }
  }

  @Test(arguments: EventIDsAcrossServersTests.Database.allCases)
  func aChangeAnsweredByAShowsInBsNextList(
    _ database: EventIDsAcrossServersTests.Database
  ) throws {
    try database.with { location in
      let a = try Server(location)
      let b = try Server(location)
      var ids: [String] = []
      for _ in 0..<3 {
        let answer = try a.call("POST", "/v1/runs", json: #"{"recipe": "tea"}"#)
        ids.append(try #require(answer.object["id"] as? String))
      }
      ids.sort()
      // B's list read and kept, twice alike.
      #expect(try Self.phases(b) == ["running", "running", "running"])
      #expect(try Self.phases(b) == ["running", "running", "running"])
      for (index, id) in ids.enumerated() {
        #expect(try a.call("POST", "/v1/runs/\(id)/pause").status == 200)
        let expected = (0..<3).map { $0 <= index ? "paused" : "running" }
        #expect(try Self.phases(b) == expected)
        #expect(try Self.phases(a) == expected)
      }
      #expect(try b.call("POST", "/v1/runs/\(ids[1])/resume").status == 200)
      #expect(try Self.phases(a) == ["paused", "running", "paused"])
      #expect(try Self.phases(b) == ["paused", "running", "paused"])
    }
  }
}
