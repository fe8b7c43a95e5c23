import CooktimerCore
import CooktimerService
import CooktimerTestSupport
import Foundation
import Testing

@Suite("Run routes over HTTP")
struct RunRouteTests {
  /// The tea run at t0, as every route shows it: its timer of 4 minutes running.
  static func teaRun(_ id: String, phase: String = "running", timer: String? = nil) -> String {
    let running =
      #"{"duration":240,"endDate":"2026-11-29T18:04:00.000Z","name":"steep","number":1,"#
      + #""remaining":240,"state":"running","step":1}"#
    return #"{"autoAdvance":false,"id":"\#(id)","phase":"\#(phase)","recipe":"Tea","#
      + #""startedAt":"2026-11-29T18:00:00.000Z","stepCount":2,"#
      + #""stepName":"Steep the tea for 4 minutes.","stepNumber":1,"timers":[\#(timer ?? running)]}"#
  }

  @Test func healthAndStartAndRead() throws {
    let box = try TestServer()
    let health = try box.call("GET", "/healthz")
    #expect(health.status == 200)
    #expect(health.body == #"{"ok":true}"#)
    let started = try box.call("POST", "/v1/runs", json: #"{"recipe": "tea"}"#)
    #expect(started.status == 201)
    let id = try #require(started.object["id"] as? String)
    #expect(started.headers["location"] == "/v1/runs/\(id)")
    #expect(started.headers["content-type"] == "application/json")
    #expect(started.body == Self.teaRun(id))
    #expect(try box.call("GET", "/v1/runs").body == #"{"runs":["# + Self.teaRun(id) + "]}")
    #expect(try box.call("GET", "/v1/runs/\(id)").body == Self.teaRun(id))
    #expect(try box.call("GET", "/v1/runs/\(id.uppercased())").body == Self.teaRun(id))
  }

  @Test func transitionsAnswerTheChangeAndRefuseWith409() throws {
    let box = try TestServer()
    let id = try box.startTea()
    let paused = #"{"name":"steep","number":1,"remaining":240,"state":"paused","step":1}"#
    let pause = try box.call("POST", "/v1/runs/\(id)/pause")
    #expect(pause.status == 200)
    #expect(
      pause.body == #"{"changed":true,"id":"\#(id)","run":"#
        + Self.teaRun(
          id, phase: "paused",
          timer: paused.replacingOccurrences(of: #"{"name""#, with: #"{"duration":240,"name""#))
        + "}")
    let again = try box.call("POST", "/v1/runs/\(id)/pause")
    #expect(again.status == 200)
    #expect(again.object["changed"] as? Bool == false)
    #expect(again.object["note"] as? String == "\(id) is already paused")
    let next = try box.call("POST", "/v1/runs/\(id)/next")
    #expect(next.status == 409)
    #expect(next.errorStatus == "409")
    let added = try box.call("POST", "/v1/runs/\(id)/add", json: #"{"duration": "1m"}"#)
    #expect(added.status == 200)
    let timers = (added.object["run"] as? [String: Any])?["timers"] as? [[String: Any]]
    #expect(timers?.first?["remaining"] as? Double == 300)
    #expect(try box.call("POST", "/v1/runs/\(id)/resume").status == 200)
    #expect(try box.call("POST", "/v1/runs/\(id)/restart").status == 200)
    let stop = try box.call("POST", "/v1/runs/\(id)/stop")
    #expect((stop.object["run"] as? [String: Any])?["phase"] as? String == "stopped")
    #expect(try box.call("POST", "/v1/runs/\(id)/resume").status == 409)
    #expect(try box.call("GET", "/v1/runs").body == #"{"runs":[]}"#)
    #expect(try box.call("GET", "/v1/runs/\(id)").object["phase"] as? String == "stopped")
  }

  @Test func timersSkipCancelBegin() throws {
    let box = try TestServer()
    let started = try box.call("POST", "/v1/runs", json: #"{"recipe": "pasta"}"#)
    let id = try #require(started.object["id"] as? String)
    let noLength = try box.call("POST", "/v1/runs/\(id)/timers/2/begin")
    #expect(noLength.status == 409 || noLength.status == 400)
    let begun = try box.call(
      "POST", "/v1/runs/\(id)/timers/rest/begin", json: #"{"duration": "5m"}"#)
    #expect(begun.status == 200)
    let timers = (begun.object["run"] as? [String: Any])?["timers"] as? [[String: Any]]
    #expect(timers?.map { $0["state"] as? String } == ["running", "running"])
    #expect(try box.call("POST", "/v1/runs/\(id)/timers/1/skip").status == 200)
    let cancel = try box.call("POST", "/v1/runs/\(id)/timers/2/cancel")
    let after = (cancel.object["run"] as? [String: Any])?["timers"] as? [[String: Any]]
    #expect(after?.map { $0["state"] as? String } == ["skipped", "cancelled"])
    #expect(try box.call("POST", "/v1/runs/\(id)/timers/9/skip").status == 404)
    let both = try box.call(
      "POST", "/v1/runs/\(id)/timers/1/begin", json: #"{"duration": "1m", "until": "19:00"}"#)
    #expect(both.status == 400)
  }

  @Test func aSuggestedTimerBeginsByItsLabel() throws {
    let box = try TestServer()
    let started = try box.call("POST", "/v1/runs", json: #"{"recipe": "bread"}"#)
    let id = try #require(started.object["id"] as? String)
    let offered = started.object["suggestedTimers"] as? [[String: Any]]
    #expect(offered?.map { $0["label"] as? String } == ["s1"])
    #expect(offered?.first?["seconds"] as? Double == 900)
    let begun = try box.call("POST", "/v1/runs/\(id)/timers/s1/begin")
    #expect(begun.status == 200, "\(begun.body)")
    let run = try #require(begun.object["run"] as? [String: Any])
    #expect(
      (run["timers"] as? [[String: Any]])?.first?["endDate"] as? String
        == "2026-11-29T18:15:00.000Z")
    #expect(run["suggestedTimers"] == nil)
    #expect(try box.call("POST", "/v1/runs/\(id)/timers/s9/begin").status == 404)
  }

  @Test func contentAndTimeline() throws {
    let box = try TestServer()
    let id = try box.startTea()
    let content = try box.call("GET", "/v1/runs/\(id)/content")
    #expect(content.status == 200)
    #expect(content.object["state"] is [String: Any])
    let timeline = try box.call("GET", "/v1/runs/\(id)/timeline")
    #expect(
      timeline.body
        == #"{"done":"2026-11-29T18:04:00.000Z","from":"2026-11-29T18:00:00.000Z","id":"\#(id)","#
        + #""steps":[{"end":"2026-11-29T18:04:00.000Z","number":1,"start":"2026-11-29T18:00:00.000Z","waitsForCook":true},"#
        + #"{"end":"2026-11-29T18:04:00.000Z","number":2,"start":"2026-11-29T18:04:00.000Z","waitsForCook":true}]}"#
    )
    #expect(try box.call("GET", "/v1/runs/zzz/content").status == 404)
    #expect(try box.call("GET", "/v1/runs/zzz/timeline").status == 404)
  }

  @Test func acknowledgeIsStoredForEveryFrontEnd() throws {
    let box = try TestServer()
    let id = try box.startTea()
    let answer = try box.call("POST", "/v1/runs/\(id)/acknowledge")
    #expect(answer.status == 204)
    #expect(answer.body == "")
    #expect(try box.service().acknowledgedAt(id) == t0)
    #expect(try box.call("POST", "/v1/runs/nope/acknowledge").status == 404)
  }

  @Test func aChangeByAnotherFrontEndShowsAtOnce() throws {
    let box = try TestServer()
    let id = try box.startTea()
    let phases = { () throws -> [String] in
      let runs = try box.call("GET", "/v1/runs").object["runs"] as? [[String: Any]] ?? []
      return runs.compactMap { $0["phase"] as? String }
    }
    // The list is kept between changes: asked twice, then changed elsewhere.
    #expect(try phases() == ["running"])
    #expect(try phases() == ["running"])
    _ = try box.service().perform(.pause, on: id, at: t0)
    #expect(try box.call("GET", "/v1/runs/\(id)").object["phase"] as? String == "paused")
    #expect(try phases() == ["paused"])
  }
}
