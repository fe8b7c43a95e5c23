import CooktimerCore
import CooktimerServer
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

@Suite("GET /v1/events")
struct EventStreamTests {
  /// Opens the stream, runs `act` once the server counts it, and reads until `count` whole
  /// frames arrived (5 s at most, only so a broken server cannot hang the suite); the text
  /// received, after the client went away.
  static func events(
    _ box: TestServer, lastEventID: String? = nil, frames count: Int,
    act: () throws -> Void = {}
  ) throws -> String {
    try events(box, lastEventID: lastEventID, act: act) { frames($0).count >= count }
  }

  /// ``events(_:lastEventID:frames:act:)`` reading until `enough` holds for the whole frames
  /// received.
  static func events(
    _ box: TestServer, lastEventID: String? = nil, act: () throws -> Void = {},
    until enough: (String) -> Bool
  ) throws -> String {
    let headers = lastEventID.map { ["Last-Event-ID: \($0)"] } ?? []
    let stream = try HTTPTransfer(HTTPClientRequest(box.base + "/v1/events", headers: headers))
    defer { stream.cancel() }
    // The stream is open once its headers came and the server counts it.
    #expect(
      waitUntil(timeout: 5) { !stream.reply.head.isEmpty && box.server.openEventStreams > 0 })
    try act()
    _ = waitUntil(timeout: 5) {
      let text = stream.body
      return text.hasSuffix("\n\n") && enough(text)
    }
    return stream.body
  }

  static func frames(_ text: String) -> [String] {
    text.components(separatedBy: "\n\n").filter { !$0.isEmpty }
  }

  @Test func changesFromAnyFrontEndAreStreamed() throws {
    let box = try TestServer()
    var id = ""
    let text = try Self.events(box, frames: 3) {
      id = try box.startTea()
      _ = try box.service().perform(.pause, on: id, at: t0)
      _ = try box.call("POST", "/v1/runs/\(id)/acknowledge")
    }
    let frames = text.components(separatedBy: "\n\n").filter { !$0.isEmpty }
    #expect(frames.count == 3, "\(text)")
    #expect(frames.first?.hasPrefix("event: run\nid: 1\ndata: {\"run\":") == true)
    #expect(frames.first?.hasSuffix(#""serverTime":"2026-11-29T18:00:00.000Z"}"#) == true)
    #expect(frames.dropFirst().first?.contains(#""phase":"paused""#) == true)
    #expect(
      frames.last
        == "event: acknowledged\nid: 3\ndata: {\"acknowledgedAt\":\"2026-11-29T18:00:00.000Z\",\"id\":\"\(id)\",\"serverTime\":\"2026-11-29T18:00:00.000Z\"}"
    )
    let resumed = try Self.events(box, lastEventID: "1", frames: 2)
    #expect(resumed.hasPrefix("event: run\nid: 2\n"))
    #expect(resumed.contains("event: acknowledged\nid: 3\n"))
    // A new client's opening snapshot carries the newest id: the state as of that change.
    let fresh = try Self.events(box, frames: 1)
    #expect(fresh.hasPrefix("event: run\nid: 3\ndata: "))
    #expect(fresh.components(separatedBy: "event: ").count == 2)
  }

  /// The wire the kitchen page relies on: `event: heartbeat`, no id, every 2 s.
  @Test func heartbeatsCarryTheServerTime() throws {
    let box = try TestServer(ping: 0.2)
    let text = try Self.events(box, frames: 2)
    let beat = "event: heartbeat\ndata: {\"serverTime\":\"2026-11-29T18:00:00.000Z\"}\n\n"
    #expect(text.hasPrefix(beat + beat), "\(text)")
    #expect(!text.contains("id:") && !text.contains(": ping"))
    #expect(APIServerConfiguration().heartbeatIntervalSeconds == 2)
  }

  @Test func theOpeningSnapshotCarriesTheNewestID() throws {
    let box = try TestServer()
    var (first, second) = ("", "")
    let starts = try Self.events(box, frames: 2) {
      first = try box.startTea()
      second = try box.startTea()
    }
    #expect(starts.hasPrefix("event: run\nid: 1\n") && starts.contains("event: run\nid: 2\n"))
    let text = try Self.events(box, frames: 2)
    let frames = text.components(separatedBy: "\n\n").filter { !$0.isEmpty }
    #expect(frames.count == 2, "\(text)")
    // Oldest first; both started at t0, so by id. Each with the newest change's id: a client
    // that reconnects with it gets what follows.
    let (older, newer) = (min(first, second), max(first, second))
    #expect(frames[0].hasPrefix("event: run\nid: 2\ndata: ") && frames[0].contains(older))
    #expect(frames[1].hasPrefix("event: run\nid: 2\ndata: ") && frames[1].contains(newer))
  }

  /// whatwg/html issue 8297: an id from before a restart is answered from the change log; one
  /// the log does not know is answered with a `resync`, never with silence — from the
  /// future, or not a number.
  @Test func eventIDsSurviveARestartAndUnknownOnesResync() throws {
    let box = try TestServer()
    let folder = box.folder
    var id = ""
    let before = try Self.events(box, frames: 1) { id = try box.startTea() }
    #expect(before.hasPrefix("event: run\nid: 1\ndata: "), "\(before)")
    box.server.stop()  // `serve` stops; the folder stays until the test ends
    // The run is paused while the server is down: a client that saw event 1 must hear of it.
    let elsewhere = RunService(
      store: try RunStore(path: folder + "/cooktimer.sqlite3"), clock: FixedClock(t0))
    _ = try elsewhere.perform(.pause, on: id, at: t0)
    let again = try TestServer(folder: folder)
    // The change made while it was down is in the change log: told with its own id.
    let resumed = try Self.events(again, lastEventID: "1", frames: 1)
    let frames = resumed.components(separatedBy: "\n\n").filter { !$0.isEmpty }
    #expect(frames.count == 1, "\(resumed)")
    #expect(frames.first?.hasPrefix("event: run\nid: 2\ndata: {\"run\":{") == true)
    #expect(frames.first?.contains(#""phase":"paused""#) == true)
    let next = try Self.events(again, frames: 2) {
      _ = try again.call("POST", "/v1/runs/\(id)/resume")
    }
    let nextFrames = next.components(separatedBy: "\n\n").filter { !$0.isEmpty }
    #expect(nextFrames.count == 2, "\(next)")
    #expect(nextFrames.first?.hasPrefix("event: run\nid: 2\ndata: ") == true)
    #expect(nextFrames.last?.hasPrefix("event: run\nid: 3\ndata: ") == true)
    let known = try Self.events(again, lastEventID: "2", frames: 1)
    #expect(known.hasPrefix("event: run\nid: 3\ndata: ") && !known.contains("resync"))
    for unknown in ["999999", "abc", "-5", "4"] {
      let text = try Self.events(again, lastEventID: unknown, frames: 1)
      #expect(text.hasPrefix("event: resync\nid: 3\ndata: {\"runs\":[{"), "\(unknown): \(text)")
      #expect(text.hasSuffix(#"],"serverTime":"2026-11-29T18:00:00.000Z"}"# + "\n\n"), "\(text)")
    }
    // 0 is before every change: all three, from the log.
    let all = try Self.events(again, lastEventID: "0", frames: 3)
    #expect(all.hasPrefix("event: run\nid: 1\ndata: ") && all.contains("event: run\nid: 3\n"))
    let stored = try RunStore(path: again.path).read { try $0.setting("event_ids_reserved") }
    #expect(stored == nil)
  }

  /// Issue 26: a revoked key's open stream kept receiving events.
  @Test func revokingAKeyEndsItsStreams() throws {
    let box = try TestServer()
    let book = try box.service()
    let phone = try book.createAPIKey(name: "phone", at: t0)
    let tablet = try book.createAPIKey(name: "tablet", at: t0)
    func open(_ key: String) throws -> HTTPTransfer {
      try HTTPTransfer(
        HTTPClientRequest(box.base + "/v1/events", headers: ["Authorization: Bearer \(key)"]))
    }
    let revoked = try open(phone.key)
    let kept = try open(tablet.key)
    defer { kept.cancel() }
    try #require(waitUntil(timeout: 5) { box.server.openEventStreams == 2 })
    try book.revokeAPIKey(name: "phone", at: t0)
    // The server ends the stream: 0, the response ended (a timeout would be libcurl's 28).
    #expect(revoked.waitForEnd(timeout: 20)?.code == 0)
    #expect(kept.reply.code == -1)  // still open
  }

  /// A stream opened without a key (no key was needed) ends once a first key exists.
  @Test func aKeylessStreamEndsWhenAKeyIsMade() throws {
    let box = try TestServer()
    let stream = try HTTPTransfer(HTTPClientRequest(box.base + "/v1/events"))
    defer { stream.cancel() }
    try #require(waitUntil(timeout: 5) { box.server.openEventStreams == 1 })
    _ = try box.service().createAPIKey(name: "phone", at: t0)
    // 0: the server ended the response (a timeout would be libcurl's 28).
    #expect(stream.waitForEnd(timeout: 20)?.code == 0)
  }
}
