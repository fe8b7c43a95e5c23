import CooktimerTestSupport
import Foundation
import Testing

/// The real `cooktimer serve` process, with curl as the app (docs/api.md).
@Suite("cooktimer serve", .ownThread)
struct ServeTests {
  static let tea = "---\ntitle: Tea\n---\nSteep the tea for ~steep{4%minutes}.\n\nPour.\n"

  static func sandbox() throws -> Sandbox {
    let box = try Sandbox()
    try box.write(recipe: "tea", tea)
    return box
  }

  @Test func startsOnLoopbackAndStopsOnSigterm() throws {
    let box = try Self.sandbox()
    let server = try ServeProcess(box)
    #expect(server.firstLine.hasPrefix("cooktimer: serving http://127.0.0.1:"))
    #expect(server.firstLine.hasSuffix(" (no API key: loopback only); Ctrl-C stops\n"))
    #expect(try server.request("GET", "/healthz").body == #"{"ok":true}"#)
    #expect(server.stop() == 0)
    let refused = try box.run(["serve", "--listen", "0.0.0.0:0"])
    #expect(refused.status == 78)
    #expect(
      refused.stderr.hasPrefix("cooktimer: no API key exists, so serve listens only on loopback"))
  }

  @Test func aPortInUseIsOneLineAndExit74() throws {
    let box = try Self.sandbox()
    let server = try ServeProcess(box, arguments: ["--listen", "127.0.0.1:0", "--no-send"])
    let address = String(server.base.dropFirst("http://".count))
    let second = try box.run(["serve", "--no-send", "--listen", address])
    #expect(second.status == 74)
    #expect(second.stderr == "cooktimer: cannot listen on \(address): Address already in use\n")
    #expect(server.stop() == 0)
  }

  @Test func onceAKeyExistsRequestsWithoutItAre401() throws {
    let box = try Self.sandbox()
    let created = try box.run("apikey create --name phone")
    #expect(created.status == 0)
    let key = created.stdout.trimmingCharacters(in: .newlines)
    #expect(key.hasPrefix("ck_") && key.count == 67)
    let listed = try box.run("apikey list --json")
    #expect(listed.stdout.hasPrefix(#"{"keys":[{"createdAt":""#))
    #expect(!listed.stdout.contains(key))
    let server = try ServeProcess(box, arguments: ["--listen", "0.0.0.0:0", "--no-send"])
    #expect(server.firstLine.contains("(API key required)"))
    let missing = try server.request("POST", "/v1/runs", json: #"{"recipe": "tea"}"#)
    #expect(missing.status == 401)
    #expect(runIDs(in: try box.run("status --json").stdout).isEmpty)
    let allowed = try server.request("GET", "/v1/runs", headers: ["Authorization: Bearer \(key)"])
    #expect(allowed.status == 200)
    #expect(try box.run("apikey revoke phone").stdout == "Revoked phone\n")
    // No key again: loopback callers only, by a loopback name (`Host: 0.0.0.0` is not one).
    #expect(
      try server.request("GET", "/v1/runs", headers: ["Authorization: Bearer \(key)"]).status == 421
    )
    #expect(
      try server.request(
        "GET", "/v1/runs", headers: ["Authorization: Bearer \(key)", "Host: localhost"]
      ).status == 200)
    #expect(server.stop() == 0)
  }

  @Test func idempotencyKeyReplaysAcrossRetries() throws {
    let box = try Self.sandbox()
    let server = try ServeProcess(box)
    let body = #"{"recipe": "tea"}"#
    let first = try server.request("POST", "/v1/runs", json: body, headers: ["Idempotency-Key: a1"])
    let again = try server.request("POST", "/v1/runs", json: body, headers: ["Idempotency-Key: a1"])
    #expect(first.status == 201)
    #expect(again.status == 201)
    #expect(again.body == first.body)
    #expect(runIDs(in: try box.run("status --json").stdout).count == 1)
    #expect(server.stop() == 0)
  }

  /// A recipe in a folder is named as `recipes` lists it; a path on the machine never is.
  @Test func aRecipeInAFolderStartsByItsListedName() throws {
    let box = try Self.sandbox()
    try box.write(recipe: "Dinner/steak", "---\ntitle: Steak\n---\nSear ~side{3%minutes}.\n")
    let outside = box.folder.appendingPathComponent("secret.cook").path
    try "Secret ~{1%minutes}.\n".write(toFile: outside, atomically: true, encoding: .utf8)
    let server = try ServeProcess(box, arguments: ["--listen", "127.0.0.1:0", "--no-send"])
    let shown = try server.request("GET", "/v1/recipes/Dinner%2Fsteak")
    #expect(shown.status == 200)
    #expect(shown.body.contains(#""title":"Steak""#))
    let started = try server.request("POST", "/v1/runs", json: #"{"recipe": "Dinner/steak"}"#)
    #expect(started.status == 201)
    #expect(started.body.contains(#""recipe":"Steak""#))
    for name in [outside, "../secret", "Dinner/../../secret", "Dinner//steak", ".hidden"] {
      let refused = try server.request(
        "POST", "/v1/runs", json: #"{"recipe": "\#(name)"}"#)
      #expect(refused.status == 404, "\(name)")
      #expect(refused.body == #"{"error":"no recipe \"\#(name)\"","status":"404"}"#, "\(name)")
    }
    #expect(runIDs(in: try box.run("status --json").stdout).count == 1)
    #expect(server.stop() == 0)
  }

  @Test func theTerminalAndTheAPIShareTheRuns() throws {
    let box = try Self.sandbox()
    let server = try ServeProcess(box)
    let id = try #require(try box.json("start tea --json")["id"] as? String)
    let seen = try server.request("GET", "/v1/runs/\(id)")
    #expect(seen.status == 200)
    #expect(seen.body.contains(#""phase":"running""#))
    let paused = try server.request("POST", "/v1/runs/\(id)/pause")
    #expect(paused.status == 200)
    let status = try box.json("status \(id) --json")
    let runs = try #require(status["runs"] as? [[String: Any]])
    #expect(runs.first?["phase"] as? String == "paused")
    #expect(try box.run("resume \(id)").status == 0)
    #expect(try server.request("GET", "/v1/runs/\(id)").body.contains(#""phase":"running""#))
    #expect(server.stop() == 0)
  }

  @Test func twoHundredConcurrentRequestsGetNo5xx() throws {
    let box = try Self.sandbox()
    let server = try ServeProcess(box)
    let id = try #require(try box.json("start tea --json")["id"] as? String)
    let paths = [
      "GET /v1/runs", "POST /v1/runs/\(id)/pause", "POST /v1/runs/\(id)/resume",
      "GET /v1/runs/\(id)",
    ]
    let transfers = (0..<200).map { n -> [String] in
      let parts = paths[n % 4].split(separator: " ").map(String.init)
      return ["-X", parts[0], "-o", "/dev/null", "-w", "%{http_code}\n", server.base + parts[1]]
    }
    let arguments = ["--parallel", "--parallel-max", "50"] + together(transfers)
    let codes = try server.curl(
      arguments + ["--next", "-o", "/dev/null", "-w", "%{http_code}\n"], "/healthz"
    )
    .split(separator: "\n")
    #expect(codes.count == 201)
    #expect(codes.allSatisfy { $0 == "200" }, "\(Set(codes))")
    #expect(server.stop() == 0)
  }

  @Test func sigtermDuringLoadKeepsEveryAcknowledgedChange() throws {
    let box = try Self.sandbox()
    let server = try ServeProcess(box)
    let start = [
      "-s", "-X", "POST", "-H", "Content-Type: application/json", "--data-binary",
      #"{"recipe":"tea"}"#, "-w", " %{http_code}\n", server.base + "/v1/runs",
    ]
    let load = try RunningCurl(
      ["--parallel", "--parallel-max", "8"] + together(Array(repeating: start, count: 300)))
    // Stop once some runs are stored, while the rest are still being sent.
    let deadline = Date(timeIntervalSinceNow: 10)
    while runIDs(in: try box.run("status --json").stdout).count < 20 && Date() < deadline {
      usleep(5_000)
    }
    #expect(server.stop() == 0)
    #expect(load.waitForExit(timeout: 30) != nil)
    let text = load.output
    let acknowledged = text.split(separator: "\n").filter { $0.hasSuffix(" 201") }
    let ids = runIDs(in: acknowledged.joined(separator: "\n"))
    #expect(ids.count == acknowledged.count)
    #expect(ids.count >= 20)
    #expect(!text.contains(" 500"))
    let stored = Set(runIDs(in: try box.run("status --json").stdout))
    #expect(Set(ids).isSubset(of: stored))
  }
}

/// curl arguments for several transfers, each with its own options (`--next` between).
func together(_ transfers: [[String]]) -> [String] {
  transfers.enumerated().flatMap { n, options in n == 0 ? options : ["--next"] + options }
}
