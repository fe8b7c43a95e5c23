import CooktimerAPITypes
import CooktimerServer
import CooktimerTestSupport
import Foundation
import Testing

/// `cooktimer contract --api` prints the CooktimerAPITypes library's file, and that library
/// decodes what the server really answers.
@Suite("The API's Codable types for the app")
struct APIContractTests {
  @Test func theDeclarationIsTheLibrarysFile() throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Sources/CooktimerAPITypes/CooktimerAPITypes.swift")
      .standardized
    #expect(apiContractDeclaration() == (try String(contentsOf: file, encoding: .utf8)))
    #expect(!apiContractDeclaration().contains("ActivityKit"))
  }

  @Test func theTypesDecodeTheServersAnswers() throws {
    let box = try TestServer()
    let decoder = JSONDecoder()
    let start = try JSONEncoder().encode(CooktimerStartRun(recipe: "tea", autoAdvance: false))
    let started = try box.call("POST", "/v1/runs", json: String(decoding: start, as: UTF8.self))
    let run = try decoder.decode(CooktimerRun.self, from: Data(started.body.utf8))
    #expect(run.recipe == "Tea")
    #expect(run.timers.map(\.state) == ["running"])
    #expect(run.timers.first?.remaining == 240)
    let add = try JSONEncoder().encode(CooktimerAddTime(duration: "1m"))
    let change = try decoder.decode(
      CooktimerChange.self,
      from: Data(
        try box.call("POST", "/v1/runs/\(run.id)/add", json: String(decoding: add, as: UTF8.self))
          .body.utf8))
    #expect(change.changed)
    #expect(change.run.timers.first?.duration == 300)
    let runs = try decoder.decode(
      CooktimerRuns.self, from: Data(try box.call("GET", "/v1/runs").body.utf8))
    #expect(runs.runs.map(\.id) == [run.id])
    let refused = try box.call("POST", "/v1/runs/\(run.id)/next")
    _ = try box.call("POST", "/v1/runs/\(run.id)/stop")
    let error = try decoder.decode(
      CooktimerAPIError.self,
      from: Data(try box.call("POST", "/v1/runs/\(run.id)/pause").body.utf8))
    #expect(error.status == "409")
    #expect(refused.status == 200)
    let token = try JSONEncoder().encode(
      CooktimerPushToStartToken(
        token: String(repeating: "ab", count: 32), device: "iPhone", sandbox: true))
    let put = try box.call(
      "PUT", "/v1/tokens/push-to-start", json: String(decoding: token, as: UTF8.self))
    #expect(put.status == 204)
  }

  /// The requests an app encodes with the library are the ones the routes take, and the
  /// answers to them (suggested timers, pairing) decode.
  @Test func theOtherRequestsAndAnswersRoundTrip() throws {
    let box = try TestServer()
    func send<T: Encodable>(_ method: String, _ target: String, _ body: T) throws -> Answer {
      try box.call(
        method, target, json: String(decoding: try JSONEncoder().encode(body), as: UTF8.self))
    }
    let decoder = JSONDecoder()
    let bread = try decoder.decode(
      CooktimerRun.self,
      from: Data(try send("POST", "/v1/runs", CooktimerStartRun(recipe: "bread")).body.utf8))
    #expect(
      bread.suggestedTimers == [
        CooktimerSuggestedTimer(label: "s1", text: "15 minutes", seconds: 900)
      ])
    let tea = try decoder.decode(
      CooktimerRun.self,
      from: Data(
        try send("POST", "/v1/runs", CooktimerStartRun(recipe: "tea", autoAdvance: true)).body
          .utf8))
    #expect(tea.autoAdvance)
    let added = try decoder.decode(
      CooktimerChange.self,
      from: Data(
        try send("POST", "/v1/runs/\(tea.id)/add", CooktimerAddTime(duration: "-1m", timer: "1"))
          .body.utf8))
    #expect(added.run.timers.first?.duration == 180)
    let begun = try send(
      "POST", "/v1/runs/\(bread.id)/timers/s1/begin", CooktimerBeginTimer())
    #expect(begun.status == 200, "\(begun.body)")
    let token = String(repeating: "cd", count: 32)
    #expect(
      try send("PUT", "/v1/tokens/device", CooktimerPushToStartToken(token: token)).status == 204)
    let activity = CooktimerActivityToken(
      token: String(repeating: "ef", count: 32), sandbox: false, appStarted: true)
    #expect(try send("PUT", "/v1/runs/\(tea.id)/activities/1/token", activity).status == 204)
    let code = try box.server.pairingLink(at: t0).code.text
    let paired = try send("POST", "/v1/pair", CooktimerPair(code: code, name: "kitchen-ipad"))
    #expect(paired.status == 201, "\(paired.body)")
    let key = try decoder.decode(CooktimerPairedKey.self, from: Data(paired.body.utf8))
    #expect(key.name == "kitchen-ipad")
    #expect(key.createdAt == "2026-11-29T18:00:00.000Z")
    #expect(key.key.hasPrefix("ck_") && key.key.count == 67)
  }
}

/// `GET /`: the kitchen page, with no key, revalidated by its ETag.
@Suite("The kitchen screen on serve")
struct KitchenRouteTests {
  @Test func theRootIsThePageAndItsETagRevalidates() throws {
    let box = try TestServer()
    let page = try box.call("GET", "/")
    #expect(page.status == 200)
    #expect(page.headers["content-type"] == "text/html; charset=utf-8")
    #expect(page.body.hasPrefix("<!DOCTYPE html>") || page.body.hasPrefix("<!doctype html>"))
    let etag = try #require(page.headers["etag"])
    let again = try box.call("GET", "/", headers: ["If-None-Match: \(etag)"])
    #expect(again.status == 304)
    #expect(again.body == "")
  }
}
