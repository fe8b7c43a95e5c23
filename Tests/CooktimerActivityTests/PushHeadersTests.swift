import CooktimerActivity
import CooktimerCore
import Testing

@Suite struct PushHeadersTests {
  func request(
    _ event: PushEvent, _ run: Run, at now: Instant, options: PushOptions = PushOptions()
  ) throws -> PushRequest {
    try PushRequest.liveActivity(
      event, run: run, at: now, timestamp: t0Seconds, topic: topic, options: options)
  }

  @Test func headersNameThePushTypeAndTopic() throws {
    #expect(
      try request(.update, try startRun(), at: t0).headers == [
        "apns-push-type": "liveactivity",
        "apns-topic": "com.example.cooktimer.push-type.liveactivity",
        "apns-priority": "5",
      ])
    let suffixed = PushRequest.headers(
      topic: "com.example.cooktimer.push-type.liveactivity", priority: .immediately)
    #expect(suffixed["apns-topic"] == "com.example.cooktimer.push-type.liveactivity")
  }

  @Test func defaultPriorities() throws {
    var paused = try startRun()
    _ = try paused.pause(at: t0)
    var stopped = try startRun()
    _ = try stopped.stop(at: t0)
    #expect(try request(.start, try startRun(), at: t0).priority == .immediately)
    #expect(try request(.update, try startRun(), at: t0).priority == .consideringDevicePower)
    #expect(try request(.update, paused, at: t0).priority == .consideringDevicePower)
    #expect(try request(.update, try startRun(), at: t0 + hour).priority == .immediately)
    #expect(try request(.update, stopped, at: t0).priority == .immediately)
    #expect(try request(.end, try startRun(), at: t0).priority == .immediately)
    #expect(try request(.end, stopped, at: t0).headers["apns-priority"] == "10")
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
    #expect(text.hasPrefix(#"{"aps":{"alert":{"body":"Step 1 of 1: Season 1/2"#))
    #expect(text.contains(#""stepName":"Season 1/2""#))
    #expect(!text.contains(#"\/"#))
  }
}
