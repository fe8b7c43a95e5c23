import CooktimerCore
import CooktimerHTTP
import CooktimerService
import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerServer

/// A stream opened on a server whose watcher has not looked yet (it just started): the hub
/// knows neither the newest change nor the active runs. Issue 21's fault test caught a stop
/// made through server A that B's stream never told: B was restarted just after it, the
/// stream reconnected with its Last-Event-ID before B's watcher began, read as "ahead", and
/// was sent only the changes after where the watcher began.
@Suite("event streams before the watcher begins")
struct EventHubBeginTests {
  @Test func aStreamBeforeTheWatcherBeganIsAnswered503NotAGap() throws {
    let folder = NSTemporaryDirectory() + "cooktimer-hub-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let clock = RunWatcherFiredTests.SetClock(t0)
    let service = try RunService(path: folder + "/cooktimer.sqlite3", clock: clock)
    let hub = EventHub(clock: clock, beginWait: 0.01)
    for headers: HTTPHeaders in [["Last-Event-ID": "3"], [:]] {
      let response = hub.subscribe(
        HTTPRequest(method: "GET", path: "/v1/events", headers: headers), caller: "",
        service: service)
      #expect(response.status == .serviceUnavailable)
      #expect(response.headers["Retry-After"] == "1")
      #expect(response.eventStream == nil)
      #expect(
        String(decoding: response.body, as: UTF8.self).contains(
          "the server is starting: its event stream is not ready"))
    }
    // Once the watcher began where the log stood, the same id is served (nothing after it).
    hub.begin(after: 3)
    let response = hub.subscribe(
      HTTPRequest(method: "GET", path: "/v1/events", headers: ["Last-Event-ID": "3"]),
      caller: "", service: service)
    #expect(response.eventStream != nil)
  }
}
