import CooktimerCore
import CooktimerService
import Foundation
import Testing

@Suite("GET /v1/events")
struct EventStreamTests {
  /// Reads the stream for `seconds` while `act` runs; what curl received.
  static func events(
    _ box: TestServer, lastEventID: String? = nil, seconds: Int = 1, act: () throws -> Void
  ) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    var arguments = ["-s", "-N", "--noproxy", "*", "--max-time", String(seconds)]
    if let lastEventID { arguments += ["-H", "Last-Event-ID: \(lastEventID)"] }
    process.arguments = arguments + [box.base + "/v1/events"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    // The stream is open once the server counts it.
    let deadline = Date(timeIntervalSinceNow: 5)
    while box.server.openEventStreams == 0 && Date() < deadline { usleep(2_000) }
    try act()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  @Test func changesFromAnyFrontEndAreStreamed() throws {
    let box = try TestServer()
    var id = ""
    let text = try Self.events(box) {
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
    let resumed = try Self.events(box, lastEventID: "1", seconds: 1) {}
    #expect(resumed.hasPrefix("event: run\nid: 2\n"))
    #expect(resumed.contains("event: acknowledged\nid: 3\n"))
    let fresh = try Self.events(box, seconds: 1) {}
    #expect(fresh.hasPrefix("event: run\nid: 3\ndata: "))
    #expect(fresh.components(separatedBy: "event: ").count == 2)
  }

  @Test func pingsKeepTheStreamAlive() throws {
    let box = try TestServer(ping: 0.2)
    let text = try Self.events(box, seconds: 1) {}
    #expect(text.hasPrefix(": ping\n\n"))
  }
}
