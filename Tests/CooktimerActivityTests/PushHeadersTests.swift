import CooktimerActivity
import CooktimerCore
import Foundation
import Testing

@Suite struct PushHeadersTests {
  func request(
    _ event: PushEvent, _ run: Run, at now: Instant, options: PushOptions = PushOptions()
  ) throws -> PushRequest {
    try PushRequest.liveActivity(
      event, run: run, at: now, timestamp: t0Seconds, topic: topic, options: options)
  }

  @Test func headersNameThePushTypeTopicAndExpiration() throws {
    #expect(
      try request(.update, try startRun(), at: t0, options: PushOptions(apnsID: "a-b")).headers
        == [
          "apns-push-type": "liveactivity",
          "apns-topic": "com.example.cooktimer.push-type.liveactivity",
          "apns-priority": "10",
          "apns-expiration": String(t0Seconds + 3600),
          "apns-id": "a-b",
        ])
    let start = try request(.start, try startRun(), at: t0, options: PushOptions(activity: 2))
    #expect(start.headers["apns-collapse-id"] == "cooktimer.r1.2")
    // A start is worth an hour, but never past its stale date (issue 20): APNs must not
    // hold a start until it would show stale.
    let aps = try #require(
      (try JSONSerialization.jsonObject(with: start.body) as? [String: Any])?["aps"]
        as? [String: Any])
    let stale = try #require(aps["stale-date"] as? Int)
    #expect(Int64(stale) < t0Seconds + 3600)
    #expect(start.expiration == Int64(stale))
    #expect(start.headers["apns-expiration"] == String(stale))
    let suffixed = PushRequest.headers(
      topic: "com.example.cooktimer.push-type.liveactivity", priority: .immediately)
    #expect(suffixed["apns-topic"] == "com.example.cooktimer.push-type.liveactivity")
    #expect(PushRequest.headers(topic: nil, priority: .immediately)["apns-topic"] == nil)
  }

  /// docs/live-activity.md §3.3: priority and expiration follow the cause, nothing else.
  @Test func prioritiesAndExpirationsFollowTheCause() throws {
    let cases: [(PushCause, PushPriority, Int64)] = [
      (.runStarted, .immediately, 3600), (.activityReplaced, .immediately, 3600),
      (.timersFired(["water"]), .immediately, 900), (.cook(.pause), .immediately, 3600),
      (.cook(.next), .immediately, 3600), (.cook(.stop), .immediately, 3600),
      (.activityRetired, .consideringDevicePower, 600),
      (.abandoned, .consideringDevicePower, 4 * 3600),
    ]
    for (cause, priority, window) in cases {
      let pushed = try request(.update, try startRun(), at: t0, options: PushOptions(cause: cause))
      #expect(pushed.priority == priority, "\(cause)")
      #expect(pushed.headers["apns-expiration"] == String(t0Seconds + window), "\(cause)")
    }
  }

  @Test func priorityCanBeOverridden() throws {
    let low = try request(
      .start, try startRun(), at: t0, options: PushOptions(priority: .consideringDevicePower))
    #expect(low.priority == .consideringDevicePower)
    #expect(low.headers["apns-priority"] == "5")
  }

  @Test func payloadJSONEmbedsTheBodyAsAnObject() throws {
    let request = try request(.update, try startRun(), at: t0)
    let json = try JSONValue(try request.jsonObject())
    #expect(json.keys == ["body", "headers"])
    #expect(json["body"] == (try JSONValue(request.body)))
    #expect(json["headers"]?["apns-push-type"] == .string("liveactivity"))
  }

  @Test func bodyBytesAreSortedWithUnescapedSlashes() throws {
    let recipe = Recipe(title: "Salt/Pepper", steps: [Step(text: "Season 1/2")])
    let request = try request(.update, try startRun(recipe), at: t0)
    let text = try #require(String(data: request.body, encoding: .utf8))
    #expect(text.hasPrefix(#"{"aps":{"content-state":{"endDate":817668000.25"#))
    #expect(text.contains(#""stepName":"Season 1/2""#))
    #expect(!text.contains(#"\/"#))
  }
}
