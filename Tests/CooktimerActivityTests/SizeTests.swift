import CooktimerActivity
import CooktimerCore
import Testing

/// docs/live-activity.md §3.8: a body over 4096 bytes is never emitted.
@Suite struct SizeTests {
  let family = "👨‍👩‍👧‍👦"  // 25 bytes of UTF-8 in one Character

  @Test func aHugeRecipeNameIsShortenedUntilTheBodyFits() throws {
    let recipe = Recipe(
      title: String(repeating: "Brot ", count: 1500),
      steps: [Step(text: "Knead", timers: [TimerSpec(name: "knead", duration: minute)])])
    for event in PushEvent.allCases {
      let request = try PushRequest.liveActivity(
        event, run: try startRun(recipe), at: t0, timestamp: t0Seconds, topic: topic)
      #expect(request.body.count <= PushRequest.bodyLimit)
    }
    let body = try pushJSON(.start, try startRun(recipe), at: t0)
    let name = try #require(body["aps"]?["attributes"]?["recipeName"]?.string)
    #expect(name.hasSuffix("…"))
    #expect(name.count <= 80)
  }

  @Test func multiByteTextIsMeasuredAsSent() throws {
    let long = String(repeating: family + " ", count: 200)
    let recipe = Recipe(
      title: long,
      steps: [
        Step(text: long, timers: [TimerSpec(name: long, duration: minute)]),
        Step(text: long),
      ])
    for event in PushEvent.allCases {
      for now in [t0, t0 + 2 * minute] {
        let request = try PushRequest.liveActivity(
          event, run: try startRun(recipe), at: now, timestamp: t0Seconds, topic: topic)
        #expect(request.body.count <= PushRequest.bodyLimit)
      }
    }
  }

  /// Every push cuts names to 80 characters the same way, whether or not the body would fit:
  /// a start and an update of one run carry the same texts.
  @Test func everyPushCutsNamesAlike() throws {
    let long = String(repeating: "a", count: 1000)
    let recipe = Recipe(
      title: long,
      steps: [Step(text: "Serve", timers: [TimerSpec(name: long, duration: 60_000)])])
    let cut = StepText.shortened(long, to: 80)
    #expect(cut.count == 80)
    let start = try pushJSON(.start, try startRun(recipe), at: t0)
    let update = try pushJSON(.update, try startRun(recipe), at: t0)
    #expect(start["aps"]?["attributes"]?["recipeName"] == .string(cut))
    #expect(start["aps"]?["content-state"]?["timerName"] == .string(cut))
    #expect(update["aps"]?["content-state"]?["timerName"] == .string(cut))
  }

  @Test func anOversizedAttributesTypeIsRefusedNamingIt() throws {
    let options = PushOptions(attributesType: String(repeating: "A", count: 5000))
    #expect {
      _ = try PushRequest.liveActivity(
        .start, run: try startRun(), at: t0, timestamp: t0Seconds, topic: topic, options: options)
    } throws: { error in
      guard case ActivityError.tooLarge(let field, let bytes, let limit)? = error as? ActivityError
      else { return false }
      return field == "attributes-type" && bytes > 4096 && limit == 4096
    }
  }

  @Test func tooLargeSaysWhichField() {
    let error = ActivityError.tooLarge(field: "attributes-type", bytes: 5321, limit: 4096)
    #expect(
      error.description
        == "push body is 5321 bytes, over the 4096-byte limit: \"attributes-type\" is too long")
  }
}
