import CooktimerCore
import CooktimerHTTP
import CooktimerKitchen
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerServer

/// The server side of the kitchen screen (issue 22): acknowledgements in the run JSON, the
/// suggested-timer route in API words, gzip, pairing and HTTPS — over real HTTP (libcurl in process).
@Suite("the kitchen screen's server")
struct KitchenServerTests {
  @Test func runsCarryTheirAcknowledgementEverywhere() throws {
    let box = try TestServer()
    let id = try box.startTea()
    let before = try box.call("GET", "/v1/runs")
    let listed = (before.object["runs"] as? [[String: Any]])?.first
    #expect(listed?["id"] as? String == id)
    #expect(listed?.keys.contains("acknowledgedUntil") == false)
    // Acknowledged by another front end (the REPL's own service on the same file), later.
    try box.service().acknowledge(id, at: t0 + 90_000)
    let after = try box.call("GET", "/v1/runs")
    let run = (after.object["runs"] as? [[String: Any]])?.first
    #expect(run?["acknowledgedUntil"] as? String == "2026-11-29T18:01:30.000Z")
    let one = try box.call("GET", "/v1/runs/\(id)")
    #expect(one.object["acknowledgedUntil"] as? String == "2026-11-29T18:01:30.000Z")
    // A change's answer carries it too, and the stream's opening snapshot.
    let paused = try box.call("POST", "/v1/runs/\(id)/pause")
    let pausedRun = paused.object["run"] as? [String: Any]
    #expect(pausedRun?["acknowledgedUntil"] as? String == "2026-11-29T18:01:30.000Z")
    // The opening snapshot may come from before the pause; the watcher's event follows.
    let opening = try EventStreamTests.events(box) {
      $0.contains(#""acknowledgedUntil":"2026-11-29T18:01:30.000Z""#)
    }
    #expect(opening.hasPrefix("event: run\n"), "\(opening)")
    #expect(opening.contains(#""acknowledgedUntil":"2026-11-29T18:01:30.000Z""#))
  }

  @Test func theRunListBodyHoldsTheAcknowledgement() throws {
    let tea = try Cooklang.recipe(TestRecipes.texts["tea"]!, file: "tea.cook")
    var run = try Run.start(id: "r1", recipe: tea, at: t0).run
    run.acknowledgedUntil = t0 + 5_000
    let body = try #require(try RunListBody(runs: [run], at: t0 + 10_000))
    let direct = try HTTPResponse.makeJSONEncoder().encode(
      StatusDocument([run], at: t0 + 10_000))
    #expect(body.body(at: t0 + 10_000) == direct)
    #expect(
      String(decoding: direct, as: UTF8.self).contains(
        #""acknowledgedUntil":"2026-11-29T18:00:05.000Z""#))
  }

  @Test func aSuggestedTimerStartsWithItsOwnLengthAndRefusesOthersInAPIWords() throws {
    let box = try TestServer()
    let started = try box.call("POST", "/v1/runs", json: #"{"recipe": "bread"}"#)
    let id = try #require(started.object["id"] as? String)
    let other = try box.call(
      "POST", "/v1/runs/\(id)/timers/s1/begin", json: #"{"duration": "10m"}"#)
    #expect(other.status == 400)
    #expect(
      other.object["error"] as? String
        == #"s1 runs for the time its step names (15 minutes): send no "duration" to start it, or give a length to a waiting timer of the step"#
    )
    let until = try box.call(
      "POST", "/v1/runs/\(id)/timers/s1/begin", json: #"{"until": "19:00"}"#)
    #expect(until.status == 400)
    #expect(
      until.object["error"] as? String
        == #"s1 runs for the time its step names (15 minutes): send no "until" to start it"#)
    // What the kitchen page sends: the suggestion's own length back.
    let begun = try box.call(
      "POST", "/v1/runs/\(id)/timers/s1/begin", json: #"{"duration": "900s"}"#)
    #expect(begun.status == 200, "\(begun.body)")
    let run = try #require(begun.object["run"] as? [String: Any])
    let timers = try #require(run["timers"] as? [[String: Any]])
    #expect(timers.map { $0["name"] as? String } == ["15 minutes"])
    #expect(timers.first?["endDate"] as? String == "2026-11-29T18:15:00.000Z")
  }

  @Test func thePageIsGzippedForClientsThatAcceptIt() throws {
    let box = try TestServer()
    let plain = try box.call("GET", "/")
    #expect(plain.status == 200)
    #expect(plain.headers["content-encoding"] == nil)
    #expect(plain.headers["vary"] == "Accept-Encoding")
    #expect(plain.body == KitchenPage.html)
    // Like curl --compressed: libcurl sends Accept-Encoding and decodes with its own zlib.
    let packed = try HTTPClient.perform(HTTPClientRequest(box.base + "/", acceptEncoding: ""))
    #expect(packed.status == 200)
    #expect(packed.headers["content-encoding"] == "gzip")
    #expect(packed.headers["vary"] == "Accept-Encoding")
    #expect(packed.body == KitchenPage.html)
    let size = Int(
      try #require(
        try box.call("GET", "/", headers: ["Accept-Encoding: gzip"]).headers["content-length"]))!
    #expect(size > 0 && size < KitchenPage.byteCount / 2)
    let etag = try #require(packed.headers["etag"])
    #expect(etag != plain.headers["etag"])
    let again = try box.call(
      "GET", "/", headers: ["Accept-Encoding: gzip", "If-None-Match: \(etag)"])
    #expect(again.status == 304)
    let refused = try box.call("GET", "/", headers: ["Accept-Encoding: gzip;q=0, br"])
    #expect(refused.headers["content-encoding"] == nil)
    #expect(refused.body == KitchenPage.html)
    let openapi = try HTTPClient.perform(
      HTTPClientRequest(box.base + "/openapi.json", acceptEncoding: ""))
    #expect(openapi.headers["content-encoding"] == "gzip")
    #expect(Data(openapi.body.utf8) == OpenAPIDocument.response.body)
  }

  @Test func acceptEncodingIsReadAsRFC9110Says() {
    func accepts(_ value: String?) -> Bool {
      Gzip.accepted(
        by: HTTPRequest(
          method: "GET", path: "/", headers: value.map { ["Accept-Encoding": $0] } ?? [:]))
    }
    #expect(accepts("gzip"))
    #expect(accepts("deflate, gzip;q=0.5"))
    #expect(accepts("*"))
    #expect(accepts("x-gzip"))
    #expect(!accepts(nil))
    #expect(!accepts("identity"))
    #expect(!accepts("gzip;q=0"))
    #expect(!accepts("*, gzip;q=0"))
    #expect(!accepts("br"))
  }
}
