import CooktimerServer
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

/// Issue 26, "No-key (loopback) mode trusts any web page": without an API key only loopback
/// `Host` names are served, and no page of another origin may change a run.
@Suite("No key: loopback Host and same origin only")
struct LoopbackGuardTests {
  static let misdirected =
    #"{"error":"without an API key this server answers only to localhost, 127.0.0.1 or [::1] in Host","status":"421"}"#
  static let crossSite =
    #"{"error":"a page of another site may not change runs without an API key (Origin or Sec-Fetch-Site)","status":"403"}"#

  @Test func aRebindingHostNameIsMisdirected() throws {
    let box = try TestServer()
    _ = try box.startTea()
    for target in ["/v1/runs", "/v1/deliveries", "/v1/outbox", "/v1/events"] {
      let answer = try box.call("GET", target, headers: ["Host: evil.example:\(box.server.port)"])
      #expect(answer.status == 421, "\(target)")
      #expect(answer.body == Self.misdirected, "\(target)")
    }
    let start = try box.call(
      "POST", "/v1/runs", json: #"{"recipe": "tea"}"#, headers: ["Host: evil.example"])
    #expect(start.status == 421 && start.body == Self.misdirected)
    #expect(try box.service().activeRuns(at: t0).count == 1)
    for host in ["localhost", "LOCALHOST:\(box.server.port)", "127.0.0.1", "[::1]:8417"] {
      #expect(try box.call("GET", "/v1/runs", headers: ["Host: \(host)"]).status == 200, "\(host)")
    }
    for host in ["localhost.evil.example", "127.0.0.1.nip.io", "[::1]x", "localhost:", ""] {
      #expect(try box.call("GET", "/v1/runs", headers: ["Host: \(host)"]).status == 421, "\(host)")
    }
  }

  @Test func anotherOriginCannotChangeARun() throws {
    let box = try TestServer()
    let id = try box.startTea()
    let refused: [[String]] = [
      // fetch(…, {mode: "no-cors"}) from a page on another local port, empty body
      ["Origin: http://localhost:9999"],
      ["Origin: null"],
      ["Origin: http://evil.example"],
      ["Sec-Fetch-Site: cross-site"],
      ["Sec-Fetch-Site: same-site", "Origin: http://127.0.0.1:\(box.server.port)"],
    ]
    for headers in refused {
      let answer = try box.call("POST", "/v1/runs/\(id)/pause", headers: headers)
      #expect(answer.status == 403, "\(headers)")
      #expect(answer.body == Self.crossSite, "\(headers)")
    }
    // A plain HTML form: urlencoded body, cross-site.
    let form = try box.call(
      "POST", "/v1/runs/\(id)/stop",
      headers: [
        "Content-Type: application/x-www-form-urlencoded", "Origin: http://localhost:3000",
        "Sec-Fetch-Site: same-site",
      ])
    #expect(form.status == 403 && form.body == Self.crossSite)
    #expect(try box.service().run(id, at: t0).phase == .running)
    // The kitchen page itself: same origin.
    let own = try box.call(
      "POST", "/v1/runs/\(id)/pause",
      headers: ["Origin: http://127.0.0.1:\(box.server.port)", "Sec-Fetch-Site: same-origin"])
    #expect(own.status == 200)
    #expect(try box.service().run(id, at: t0).phase == .paused)
    // Reads from anywhere on this machine are fine (a page cannot read them cross-origin).
    let read = try box.call("GET", "/v1/runs", headers: ["Sec-Fetch-Site: cross-site"])
    #expect(read.status == 200)
  }

  @Test func withAKeyAnyOriginMayCall() throws {
    let box = try TestServer()
    let id = try box.startTea()
    let created = try box.service().createAPIKey(name: "app", at: t0)
    let answer = try box.call(
      "POST", "/v1/runs/\(id)/pause",
      headers: [
        "Authorization: Bearer \(created.key)", "Origin: https://app.example",
        "Sec-Fetch-Site: cross-site", "Host: kitchen.local:8417",
      ])
    #expect(answer.status == 200)
    let keyless = try box.call(
      "POST", "/v1/runs/\(id)/resume", headers: ["Origin: http://127.0.0.1:\(box.server.port)"])
    #expect(keyless.status == 401)
  }

  @Test func newRunIDsCannotBeSweptAndOldOnesStillWork() throws {
    let box = try TestServer()
    let id = try box.startTea()
    #expect(id.count == 10)
    #expect(id.allSatisfy { ("0"..."9").contains($0) || ("a"..."z").contains($0) })
    #expect(try box.call("GET", "/v1/runs/\(id.uppercased())").status == 200)
    // A run of an earlier version, with a 3-character id.
    let old = try box.service().run(id, at: t0)
    var short = old
    short.id = "k3x"
    try RunStore(path: box.path).transaction { try $0.insert(short) }
    let answer = try box.call("POST", "/v1/runs/K3X/pause")
    #expect(answer.status == 200)
    #expect(answer.object["id"] as? String == "k3x")
  }
}
