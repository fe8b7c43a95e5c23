import CooktimerActivity
import CooktimerServer
import CooktimerTestSupport
import Foundation
import Testing

@Suite("content, payload, plan, contract and outbox through the binary")
struct LiveActivityCommandTests {
  /// 2026-11-29T18:00:00Z in seconds since 2001-01-01 (ActivityKit's default date decoding).
  static let t0Reference = 1_795_975_200.0 - 978_307_200

  @Test func contentUsesThe2001EpochAndAStaleDateWhileRunning() throws {
    let box = try Sandbox(copyShippedRecipes: true, inProcess: true)
    try box.run(["start", "tea", "--now", t0Text])
    let content = try box.json("content --now @1795975210")
    let state = try #require(content["state"] as? [String: Any])
    #expect(state["endDate"] as? Double == Self.t0Reference + 180)
    #expect(content["staleDate"] as? Double == Self.t0Reference + 180)
    #expect(state["phase"] as? String == "running")
    try box.run(["pause", "--now", "@1795975230"])
    let paused = try box.json("content --now @1795975240")
    #expect(paused["staleDate"] == nil)
    #expect((paused["state"] as? [String: Any])?["remainingWhenPaused"] as? Double == 150)
  }

  /// A `payload` is a preview: it shows the timestamp the next push would take and takes
  /// none, so 50 previews leave a later pause's push at its own second.
  @Test func previewsTakeNoTimestamp() throws {
    let box = try Sandbox(copyShippedRecipes: true, inProcess: true)
    try box.run(["start", "tea", "--now", t0Text])
    var stamps: Set<Int> = []
    for _ in 0..<50 {
      let r = try box.run(["payload", "update", "--now", "@1795975205.5"])
      #expect(r.status == 0)
      let body = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
      stamps.insert(try #require((body?["aps"] as? [String: Any])?["timestamp"] as? Int))
    }
    #expect(stamps == [1_795_975_205])
    try box.run(["pause", "--now", "@1795975206.9"])
    // `outbox` shows what a send now would take: the start its second, the pause the next.
    let pending = try box.run(["outbox", "--now", "@1795975206.95"]).stdout.split(separator: "\n")
    let shown = try pending.map {
      (try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["timestamp"]
        as? Int
    }
    #expect(shown == [1_795_975_206, 1_795_975_207])
    let last = try #require(
      try JSONSerialization.jsonObject(with: Data(pending.last!.utf8)) as? [String: Any])
    #expect(last["priority"] as? Int == 10)
  }

  @Test func payloadJSONHasHeadersAndBody() throws {
    let box = try Sandbox(copyShippedRecipes: true, inProcess: true)
    try box.run(["start", "tea", "--now", t0Text])
    let json = try box.json("payload end --json --dismissal immediate --now @1795975260")
    let headers = try #require(json["headers"] as? [String: String])
    #expect(headers["apns-topic"] == "com.example.cooktimer.push-type.liveactivity")
    #expect(headers["apns-push-type"] == "liveactivity")
    let aps = try #require((json["body"] as? [String: Any])?["aps"] as? [String: Any])
    #expect(aps["event"] as? String == "end")
    let timestamp = try #require(aps["timestamp"] as? Int)
    #expect(try #require(aps["dismissal-date"] as? Int) < timestamp)
  }

  @Test func payloadOnAFinishedRunOnlyEnds() throws {
    let box = try Sandbox(copyShippedRecipes: true, inProcess: true)
    try box.run(["start", "tea", "--now", t0Text])
    let id = try #require(
      (try box.json("status --json --now \(t0Text)")["runs"] as? [[String: Any]])?.first?["id"]
        as? String)
    try box.run(["stop", "--now", "@1795975210"])
    #expect(try box.run(["payload", "end", id]).status == 0)
    #expect(try box.run(["payload", "update", id]).status == 65)
  }

  @Test func contractIsTheLibraryDeclaration() throws {
    let box = try Sandbox(inProcess: true)
    let r = try box.run("contract")
    #expect(r.status == 0)
    #expect(r.stdout == contractDeclaration())
    #expect(r.stdout.contains("public struct CookingTimerAttributes: Codable, Hashable"))
    let api = try box.run(["contract", "--api"])
    #expect(api.status == 0)
    #expect(api.stdout == apiContractDeclaration())
    #expect(api.stdout.contains("public struct CooktimerRun: Codable, Hashable"))
    let both = try box.json("contract --json")
    #expect(both["declaration"] as? String == contractDeclaration())
    #expect(both["api"] as? String == apiContractDeclaration())
  }

  @Test func contractRenamesTheTypeOrRefuses() throws {
    let box = try Sandbox(inProcess: true)
    let renamed = try box.run(["contract", "--attributes-type", "BakeAttributes"])
    #expect(renamed.status == 0)
    #expect(renamed.stdout == contractDeclaration(attributesType: "BakeAttributes"))
    let bad = try box.run(["contract", "--attributes-type", "Bake Attributes"])
    #expect(bad.status == 64)
    #expect(bad.stdout == "")
    #expect(
      bad.stderr
        == "cooktimer: --attributes-type takes a Swift type name (letters, digits, _; not a "
        + "keyword nor a name the declaration uses, such as String or Codable), not "
        + "\"Bake Attributes\"\n")
    // Names that would not compile: keywords, the file's own types and protocols.
    for name in ["init", "true", "inout", "String", "Int", "Codable", "Sendable", "ContentState"] {
      #expect(try box.run(["contract", "--attributes-type", name]).status == 64, "\(name)")
    }
    #expect(try box.run(["contract", "--api", "--attributes-type", "X"]).status == 64)
    #expect(try box.run(["status", "--api"]).status == 64)
  }

  @Test func planOfTheOvernightBreadRestartsTheActivityBeforeEightHours() throws {
    let box = try Sandbox(copyShippedRecipes: true, inProcess: true)
    let r = try box.run(["plan", "overnight-bread", "--start", t0Text])
    #expect(r.status == 0)
    let lines = r.stdout.split(separator: "\n").map { String($0) }
    let objects = try lines.map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let starts = objects.filter { $0["event"] as? String == "start" }
    #expect(starts.count >= 2)
    #expect(starts.allSatisfy { $0["target"] as? String == "push-to-start" })
    #expect(objects.first?["event"] as? String == "start")
    #expect(objects.last?["event"] as? String == "end")
    for line in lines {
      let body = try #require(
        (try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["body"])
      #expect(try JSONSerialization.data(withJSONObject: body).count <= 4096)
    }
    for activity in Set(objects.compactMap { $0["activity"] as? Int }) {
      let stamps = objects.filter { $0["activity"] as? Int == activity }
        .compactMap { $0["timestamp"] as? Int }
      #expect(stamps == stamps.sorted() && Set(stamps).count == stamps.count)
    }
  }

  @Test func everyChangeQueuesItsPushAndSentOnesLeave() throws {
    let box = try Sandbox(copyShippedRecipes: true, inProcess: true)
    try box.run(["start", "tea", "--now", t0Text])
    try box.run(["pause", "--now", "@1795975210"])
    try box.run(["pause", "--now", "@1795975211"])  // no change: no push
    let pending = try box.run(["outbox", "--now", "@1795975212"]).stdout.split(separator: "\n")
    #expect(pending.count == 2)
    let events = try pending.map {
      (try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["event"] as? String
    }
    #expect(events == ["start", "update"])
    #expect(try box.run(["outbox", "--mark-sent", "1,2", "--now", "@1795975213"]).status == 0)
    #expect(try box.run(["outbox", "--now", "@1795975213"]).stdout == "")
  }

  /// A live run past the 8-hour activity limit: its outbox ends activity 1 and starts a fresh
  /// one by push-to-start at 7 h 50 min, and later pushes go to activity 2.
  @Test func aLiveRunRestartsItsActivityBeforeEightHours() throws {
    let box = try Sandbox(copyShippedRecipes: true, inProcess: true)
    try box.run(["start", "overnight-bread", "--auto-advance", "--now", "@1000000"])
    let lines = try box.run(["outbox", "--now", "@1060000"]).stdout.split(separator: "\n")
    let pushes = try lines.map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    // Each push as it would go now (`outbox` renders at its --now), made at its own moment.
    func moment(_ push: [String: Any]) throws -> Int {
      let format = ISO8601DateFormatter()
      format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
      let date = try #require(format.date(from: push["createdAt"] as? String ?? ""))
      return Int(date.timeIntervalSince1970)
    }
    let restart = try #require(pushes.firstIndex { $0["event"] as? String == "end" })
    #expect(try moment(pushes[restart]) == 1_000_000 + 28_200)
    #expect(pushes[restart]["target"] as? Int == 1)
    let aps = (pushes[restart]["body"] as? [String: Any])?["aps"] as? [String: Any]
    #expect(try #require(aps?["dismissal-date"] as? Int) < 1_060_000)
    // The fresh activity started first, with an alert (the phone drops a silent start).
    #expect(pushes[restart - 1]["event"] as? String == "start")
    #expect(pushes[restart - 1]["target"] as? String == "push-to-start")
    #expect(pushes[restart - 1]["activity"] as? Int == 2)
    let startAps = (pushes[restart - 1]["body"] as? [String: Any])?["aps"] as? [String: Any]
    #expect(startAps?["input-push-token"] as? Int == 1)
    let alert = try #require(startAps?["alert"] as? [String: Any])
    #expect(alert["title"] as? String == "Overnight Country Bread — still cooking")
    #expect(alert["sound"] == nil)
    // Every push goes to the activity alive at its moment (an end, to the one it ends).
    for push in pushes {
      let elapsed = try moment(push) - 1_000_000
      switch push["event"] as? String {
      case "start": #expect(push["target"] as? String == "push-to-start")
      case "end": #expect(push["target"] as? Int == elapsed / 28_200)
      default: #expect(push["target"] as? Int == elapsed / 28_200 + 1, "\(elapsed)")
      }
    }
    #expect(pushes.filter { $0["event"] as? String == "end" }.count == 2)  // at 7:50 and 15:40
    #expect(pushes.contains { $0["target"] as? Int == 3 })
    for activity in 1...3 {
      let stamps = pushes.filter { $0["activity"] as? Int == activity }
        .compactMap { $0["timestamp"] as? Int }
      #expect(stamps == stamps.sorted() && Set(stamps).count == stamps.count)
    }
  }
}
