import CookingTimerAttributes
import CooktimerActivity
import CooktimerCore
import CooktimerShippedRecipes
import Foundation
import Testing

/// Every push `plan` makes for every shipped recipe decodes with the library compiled as the
/// app compiles it, and decodes whole: nothing the tool sends is lost or read differently.
@Suite("The app's type decodes every planned push")
struct PlannedStatesTests {
  /// The shipped recipes, parsed from the bytes the binary carries.
  static func shipped() throws -> [(name: String, recipe: Recipe)] {
    try ShippedRecipes.files.map { file in
      (file.name, try Cooklang.recipe(String(decoding: file.bytes, as: UTF8.self), file: file.name))
    }
  }

  @Test func everyPlannedStateOfEveryShippedRecipeDecodes() throws {
    var phases: Set<String> = []
    var events: [String: Int] = [:]
    var alerts = 0
    var renewals = 0
    var pushes = 0
    for (name, recipe) in try Self.shipped() {
      let plan = try planPushes(
        recipe: recipe, start: Instant(unixMilliseconds: t0Unix), topic: topic)
      for push in plan {
        let decoded = try Decoded<CookingTimerAttributes>(push.body)
        #expect(decoded.roundTrips, "\(name) push \(pushes): \(decoded.sentState)")
        #expect(decoded.push.aps.event == push.event.rawValue)
        phases.insert(decoded.push.aps.contentState.phase)
        #expect(decoded.push.aps.contentState.knownPhase != nil)
        events[push.event.rawValue, default: 0] += 1
        if push.event == .start {
          #expect(decoded.push.aps.attributes?.runId == "plan")
          #expect(decoded.push.aps.attributes?.activity == push.activity)
          #expect(decoded.push.aps.attributesType == "CookingTimerAttributes")
          if push.activity > 1 { renewals += 1 }
        } else {
          #expect(decoded.push.aps.attributes == nil)
        }
        if try apsObject(push.body)["alert"] != nil { alerts += 1 }
        pushes += 1
      }
    }
    // Plans advance by themselves: no pause and no stop, which OutboxStatesTests cover.
    #expect(phases == ["running", "waiting", "finished"])
    #expect(pushes == events.values.reduce(0, +))
    #expect(events["start"] == 11 + renewals)
    #expect(events["end"] == 11 + renewals)
    #expect(renewals >= 2)
    #expect(alerts > 11)
  }

  /// The tea's first push, field by field, as the app's type holds it.
  @Test func theTeasStartDecodesToTheseValues() throws {
    let tea = try #require(try Self.shipped().first { $0.name == "tea.cook" }?.recipe)
    let plan = try planPushes(recipe: tea, start: Instant(unixMilliseconds: t0Unix), topic: topic)
    let start = try Decoded<CookingTimerAttributes>(try #require(plan.first).body).push.aps
    #expect(start.event == "start")
    #expect(start.timestamp == 1_795_975_200)
    #expect(
      start.attributes
        == CookingTimerAttributes(recipeName: "Black Tea", runId: "plan", activity: 1))
    #expect(
      start.contentState
        == CookingTimerAttributes.ContentState(
          phase: "running", endDate: t0Date.addingTimeInterval(180), isPaused: false,
          remainingWhenPaused: 0, timerName: "tea", timerDuration: 180, stepNumber: 1,
          stepCount: 1,
          stepName:
            "Pour boiling water over black tea in a teapot and steep for 3 minutes, then…",
          nextStepName: "", otherTimerCount: 0))
    #expect(start.contentState.endDate.timeIntervalSince1970 == 1_795_975_380.25)
    #expect(start.contentState.knownPhase == .running)
    let end = try Decoded<CookingTimerAttributes>(try #require(plan.last).body).push.aps
    #expect(end.event == "end")
    #expect(end.contentState.phase == "finished")
    #expect(end.contentState.stepName == start.contentState.stepName)
  }
}
