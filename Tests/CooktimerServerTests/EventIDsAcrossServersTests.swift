import CooktimerCore
import CooktimerServer
import CooktimerService
import CooktimerTestSupport
import Foundation
import Testing

/// Issue 21: event ids come from the database's change log, so two servers on one database
/// send the same id for the same change, and `Last-Event-ID` from server A given to server B
/// replays exactly the events after it (docs/api.md §1.4). Through the in-process HTTP
/// client of two real ``APIServer``s, on an SQLite file and on PostgreSQL.
@Suite("event ids across servers")
struct EventIDsAcrossServersTests {
  enum Database: String, CaseIterable, CustomTestStringConvertible {
    case sqlite, postgresql
    var testDescription: String { rawValue }

    /// `body` with the location of one fresh database.
    func with(_ body: (String) throws -> Void) throws {
      switch self {
      case .sqlite:
        let database = try TemporaryDatabase("cooktimer-two-servers")
        try body(database.path)
      case .postgresql:
        try TestPostgreSQL.withSchema(body)
      }
    }
  }

  /// One `serve` on `location`, its clock fixed at ``t0``.
  final class Server: @unchecked Sendable {
    let server: APIServer
    var base: String { "http://127.0.0.1:\(server.port)" }

    init(_ location: String) throws {
      var configuration = APIServerConfiguration()
      configuration.port = 0
      configuration.watchIntervalSeconds = 0.05
      server = try APIServer(
        configuration: configuration,
        makeService: { try RunService(path: location, clock: FixedClock(t0)) },
        recipes: TestRecipes())
    }

    deinit { server.stop() }

    func call(_ method: String, _ target: String, json: String? = nil) throws -> HTTPClientReply {
      try HTTPClient.perform(
        HTTPClientRequest(
          method, base + target, headers: json == nil ? [] : ["Content-Type: application/json"],
          body: json.map { Data($0.utf8) }))
    }

    /// The frames of this server's event stream (heartbeats left out) once `count` came,
    /// opened with `lastEventID`, `act` run once the stream is open.
    func frames(
      lastEventID: String? = nil, count: Int, act: () throws -> Void = {}
    ) throws -> [String] {
      let headers = lastEventID.map { ["Last-Event-ID: \($0)"] } ?? []
      let stream = try HTTPTransfer(HTTPClientRequest(base + "/v1/events", headers: headers))
      defer { stream.cancel() }
      #expect(
        waitUntil(timeout: 5) { !stream.reply.head.isEmpty && server.openEventStreams > 0 })
      try act()
      func told() -> [String] {
        stream.body.components(separatedBy: "\n\n").dropLast()
          .filter { !$0.hasPrefix("event: heartbeat") }
      }
      _ = waitUntil(timeout: 10) { told().count >= count }
      // A moment more: an event beyond those expected would show here.
      Thread.sleep(forTimeInterval: 0.2)
      return told()
    }
  }

  @Test(arguments: Database.allCases)
  func serverBReplaysExactlyWhatFollowsServerAsID(_ database: Database) throws {
    try database.with { location in
      let a = try Server(location)
      var id = ""
      let onA = try a.frames(count: 3) {
        let answer = try a.call("POST", "/v1/runs", json: #"{"recipe": "tea"}"#)
        id = try #require(answer.object["id"] as? String)
        #expect(try a.call("POST", "/v1/runs/\(id)/pause").status == 200)
        #expect(try a.call("POST", "/v1/runs/\(id)/acknowledge").status == 204)
      }
      #expect(onA.count == 3)
      #expect(onA.first?.hasPrefix("event: run\nid: 1\ndata: ") == true)
      #expect(onA.dropFirst().first?.hasPrefix("event: run\nid: 2\ndata: ") == true)
      #expect(onA.last?.hasPrefix("event: acknowledged\nid: 3\ndata: ") == true)
      // B starts after these changes: it never had their events; they come from the log.
      let b = try Server(location)
      let onB = try b.frames(lastEventID: "1", count: 2)
      #expect(onB.count == 2)
      #expect(onB.first?.hasPrefix("event: run\nid: 2\ndata: ") == true)
      #expect(onB.first?.contains(#""phase":"paused""#) == true)
      #expect(onB.last == onA.last)
      // B, told A's newest id, gets the next change made through A, and only it.
      let next = try b.frames(lastEventID: "3", count: 1) {
        let answer = try a.call("POST", "/v1/runs/\(id)/resume")
        #expect(answer.status == 200)
      }
      #expect(next.count == 1)
      #expect(next.first?.hasPrefix("event: run\nid: 4\ndata: ") == true)
      #expect(next.first?.contains(#""phase":"running""#) == true)
      // An id beyond the log (another database, the future) is answered with a resync.
      let unknown = try b.frames(lastEventID: "99", count: 1)
      #expect(unknown.count == 1)
      #expect(unknown.first?.hasPrefix("event: resync\nid: 4\ndata: {\"runs\":[{") == true)
    }
  }
}
