import CooktimerCore
import CooktimerService
import CooktimerTestSupport
import Foundation
import Testing

@Suite("Recipe, token, outbox and delivery routes")
struct RecipeAndTokenRouteTests {
  @Test func recipes() throws {
    let box = try TestServer()
    let list = try box.call("GET", "/v1/recipes")
    #expect(list.status == 200)
    #expect(
      list.body
        == #"{"recipes":[{"errors":[],"file":"pasta.cook","name":"pasta","steps":2,"timers":2,"title":"Pasta","#
        + #""warnings":["pasta.cook:4:30: warning: timer \"~rest\" has no duration; the cook is asked for one"]},"#
        + #"{"errors":[],"file":"tea.cook","name":"tea","steps":2,"timers":1,"title":"Tea","warnings":[]}]}"#
    )
    let tea = try box.call("GET", "/v1/recipes/tea")
    #expect(
      tea.body
        == #"{"file":"tea.cook","ingredients":[],"metadata":{"title":"Tea"},"name":"Tea","#
        + #""steps":[{"ingredients":[],"number":1,"#
        + #""suggestedTimers":[],"text":"Steep the tea for 4 minutes.","#
        + #""timers":[{"name":"steep","quantity":"4","seconds":240,"start":"withStep","unit":"minutes"}]},"#
        + #"{"ingredients":[],"number":2,"suggestedTimers":[],"text":"Pour and serve.","timers":[]}],"warnings":[]}"#
    )
    #expect(try box.call("GET", "/v1/recipes/nope").status == 404)
    #expect(try box.call("GET", "/v1/recipes/..%2Ftea").status == 404)
    let broken = try box.call("GET", "/v1/recipes/broken")
    #expect(broken.status == 400)
    #expect(broken.body == #"{"error":"broken.cook:1:1: error: bad","status":"400"}"#)
    #expect(try box.call("POST", "/v1/runs", json: #"{"recipe": "nope"}"#).status == 404)
  }

  /// A recipe with no steps is the file's error (400), as the CLI's `start` says it (65):
  /// the engine's refusal named a run id that was never stored.
  @Test func aRecipeWithNoStepsStartsNoRun() throws {
    let box = try TestServer()
    let start = try box.call("POST", "/v1/runs", json: #"{"recipe": "notes"}"#)
    #expect(start.status == 400)
    #expect(
      start.body
        == #"{"error":"notes.cook:1:1: error: recipe has no steps to run: write its directions "#
        + #"as paragraphs separated by blank lines","status":"400"}"#)
    #expect(try box.service().activeRunsAsStored().isEmpty)
  }

  /// `"device"` is at most 64 characters, as `--device` (docs/api.md §1.3): 400 naming it.
  @Test func aLongDeviceNameIs400() throws {
    let box = try TestServer()
    let token = String(repeating: "ab", count: 32)
    let long = String(repeating: "x", count: 65)
    let put = try box.call(
      "PUT", "/v1/tokens/push-to-start", json: #"{"token": "\#(token)", "device": "\#(long)"}"#)
    #expect(put.status == 400)
    #expect(
      put.body == #"{"error":"a device name is at most 64 characters, not 65","status":"400"}"#)
    #expect(try box.service().tokens().isEmpty)
  }

  @Test func tokens() throws {
    let box = try TestServer()
    let token = String(repeating: "ab", count: 32)
    let put = try box.call(
      "PUT", "/v1/tokens/push-to-start",
      json: #"{"token": "\#(token.uppercased())", "device": "phone"}"#)
    #expect(put.status == 204)
    #expect(try box.service().tokens().map(\.token) == [token])
    #expect(
      try box.call("PUT", "/v1/tokens/push-to-start", json: #"{"token": "xyz"}"#).status == 400)
    #expect(try box.call("PUT", "/v1/tokens/push-to-start", json: #"{"token": 5}"#).status == 400)
    #expect(try box.call("DELETE", "/v1/tokens/\(token)").status == 204)
    #expect(try box.call("DELETE", "/v1/tokens/\(token)").status == 404)
    #expect(try box.call("DELETE", "/v1/tokens/nothex").status == 400)
    let id = try box.startTea()
    let activity = String(repeating: "cd", count: 32)
    #expect(
      try box.call("PUT", "/v1/runs/\(id)/activities/1/token", json: #"{"token": "\#(activity)"}"#)
        .status == 204)
    #expect(
      try box.call("PUT", "/v1/runs/\(id)/activities/0/token", json: #"{"token": "\#(activity)"}"#)
        .status == 400)
    #expect(
      try box.call("PUT", "/v1/runs/\(id)/activities/7/token", json: #"{"token": "\#(activity)"}"#)
        .status == 400)
    #expect(
      try box.call("PUT", "/v1/runs/nope/activities/1/token", json: #"{"token": "\#(activity)"}"#)
        .status == 404)
  }

  /// Two phones report activity 1's update token, each with its name: both stay; a name with
  /// a control character is refused (docs/delivery.md §1).
  @Test func twoPhonesKeepAnActivityTokenEach() throws {
    let box = try TestServer()
    let id = try box.startTea()
    let anna = String(repeating: "a1", count: 32)
    let ben = String(repeating: "b2", count: 32)
    for (token, device) in [(anna, "Anna"), (ben, "Ben")] {
      let put = try box.call(
        "PUT", "/v1/runs/\(id)/activities/1/token",
        json: #"{"token": "\#(token)", "device": "\#(device)"}"#)
      #expect(put.status == 204)
    }
    let stored = try box.service().tokens().filter { $0.kind == .activity }
    #expect(stored.map(\.token) == [anna, ben])
    #expect(stored.map(\.device) == ["Anna", "Ben"])
    let bad = try box.call(
      "PUT", "/v1/runs/\(id)/activities/1/token",
      json: #"{"token": "\#(anna)", "device": "A\u0007"}"#)
    #expect(bad.status == 400)
  }

  @Test func outboxAndDeliveries() throws {
    let box = try TestServer()
    #expect(try box.call("GET", "/v1/outbox").body == #"{"pending":[]}"#)
    let id = try box.startTea()
    let outbox = try box.call("GET", "/v1/outbox").object
    let pending = try #require(outbox["pending"] as? [[String: Any]])
    #expect(pending.map { $0["event"] as? String } == ["start"])
    #expect(pending.first?["run"] as? String == id)
    #expect(try box.call("GET", "/v1/deliveries").body == #"{"deliveries":[]}"#)
  }
}
