import CookingTimerAttributes
import CooktimerCore
import CooktimerService
import CooktimerShippedRecipes
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

/// What the outbox sends for runs a cook pauses, adds to, resumes, lets fire, finishes and
/// stops, and for a run left alone past an activity's 8 hours, decodes with the library
/// compiled as the app compiles it — at the service, on a real SQLite file, each push
/// rendered as the sender renders it at the moment it goes.
@Suite("The app's type decodes every push the outbox sends")
struct OutboxStatesTests {
  /// A service on a fresh SQLite file whose clock stays at `t0` (every call gives its instant).
  final class Kitchen {
    let database: TemporaryDatabase
    let service: RunService
    /// Every push sent so far: "event target activity phase [alert]".
    var sent: [String] = []
    var states: [CookingTimerAttributes.ContentState] = []
    /// The attributes of every `start` push.
    var attributes: [CookingTimerAttributes] = []

    init() throws {
      database = try TemporaryDatabase("cooktimer-attributes")
      service = try RunService(
        path: database.path, clock: FixedClock(Instant(unixMilliseconds: t0Unix)),
        zone: TimeZone(identifier: "UTC")!, settings: PushSettings(topic: topic))
    }

    /// Sends (reads, decodes, marks sent) every push pending at `t0 + minutes`.
    func send(atMinute minutes: Int64) throws {
      try send(at: Instant(unixMilliseconds: t0Unix + minutes * 60_000))
    }

    /// Sends (reads, decodes, marks sent) every push pending at `now`.
    func send(at now: Instant) throws {
      let pending = try service.pendingPushes(at: now)
      for entry in pending {
        let body = Data(entry.draft.body.utf8)
        let aps = try apsObject(body)
        let alert = aps["alert"] != nil ? " alert" : ""
        guard aps["content-state"] != nil else {
          // The backup alert to the app's device token carries no state (delivery.md §6).
          sent.append("\(entry.draft.event) \(entry.draft.target)\(alert)")
          continue
        }
        let decoded = try Decoded<CookingTimerAttributes>(body)
        #expect(decoded.roundTrips, "\(entry.draft.event): \(decoded.sentState)")
        let state = decoded.push.aps.contentState
        states.append(state)
        if let started = decoded.push.aps.attributes { attributes.append(started) }
        sent.append(
          "\(decoded.push.aps.event) \(entry.draft.target) \(entry.draft.activity) "
            + "\(state.phase)\(alert)")
      }
      _ = try service.markSent(pending.map(\.id), at: now)
    }

    func recipe(_ name: String) throws -> Recipe {
      let file = try #require(ShippedRecipes.files.first { $0.name == name + ".cook" })
      return try Cooklang.recipe(String(decoding: file.bytes, as: UTF8.self), file: file.name)
    }

    func perform(_ action: RunAction, _ run: Run, atMinute minutes: Int64) throws {
      _ = try service.perform(
        action, on: run.id, at: Instant(unixMilliseconds: t0Unix + minutes * 60_000))
    }
  }

  @Test func everyPhaseOfACookedTeaDecodes() throws {
    let kitchen = try Kitchen()
    let tea = try kitchen.service.start(
      try kitchen.recipe("tea"), autoAdvance: false, at: Instant(unixMilliseconds: t0Unix))
    try kitchen.send(atMinute: 0)
    try kitchen.perform(.pause, tea, atMinute: 1)
    try kitchen.send(atMinute: 1)
    try kitchen.perform(.add(milliseconds: 60_000), tea, atMinute: 2)
    try kitchen.send(atMinute: 2)
    try kitchen.perform(.resume, tea, atMinute: 3)
    try kitchen.send(atMinute: 3)
    // 2 of 3 minutes were left at the pause, 1 added: it fires 3 minutes after resuming.
    try kitchen.send(atMinute: 7)
    try kitchen.perform(.next, tea, atMinute: 8)
    try kitchen.send(atMinute: 8)
    #expect(
      kitchen.sent == [
        "start push-to-start 1 running alert", "update 1 1 paused", "update 1 1 paused",
        "update 1 1 running", "update 1 1 waiting alert", "end 1 1 finished",
      ])
    #expect(
      kitchen.attributes == [
        CookingTimerAttributes(recipeName: "Black Tea", runId: tea.id, activity: 1)
      ])
    let step = "Pour boiling water over black tea in a teapot and steep for 3 minutes, then…"
    // After adding a minute during the pause: the end at pausing moved by it, 3 minutes left.
    #expect(
      kitchen.states[2]
        == CookingTimerAttributes.ContentState(
          phase: "paused", endDate: t0Date.addingTimeInterval(240), isPaused: true,
          remainingWhenPaused: 180, timerName: "tea", timerDuration: 240, stepNumber: 1,
          stepCount: 1, stepName: step, nextStepName: "", otherTimerCount: 0))
    #expect(kitchen.states[1].remainingWhenPaused == 120)
    #expect(kitchen.states[1].endDate.addingTimeInterval(-120) == t0Date.addingTimeInterval(60))
    #expect(kitchen.states[3].endDate == t0Date.addingTimeInterval(360))
    #expect(
      kitchen.states.map(\.knownPhase) == [
        .running, .paused, .paused, .running, .waiting, .finished,
      ])
    // Waiting: since the timer fired; finished: when `next` ended the run.
    #expect(
      kitchen.states[4]
        == CookingTimerAttributes.ContentState(
          phase: "waiting", endDate: t0Date.addingTimeInterval(360), isPaused: false,
          remainingWhenPaused: 0, timerName: "", timerDuration: 0, stepNumber: 1, stepCount: 1,
          stepName: step, nextStepName: "", otherTimerCount: 0))
    #expect(kitchen.states[5].endDate == t0Date.addingTimeInterval(480))
  }

  @Test func aStoppedRunDecodes() throws {
    let kitchen = try Kitchen()
    let run = try kitchen.service.start(
      try kitchen.recipe("spaghetti"), autoAdvance: false, at: Instant(unixMilliseconds: t0Unix))
    try kitchen.send(atMinute: 0)
    try kitchen.perform(.stop, run, atMinute: 1)
    try kitchen.send(atMinute: 1)
    #expect(kitchen.sent == ["start push-to-start 1 running alert", "end 1 1 stopped"])
    #expect(
      kitchen.states.last
        == CookingTimerAttributes.ContentState(
          phase: "stopped", endDate: t0Date.addingTimeInterval(60), isPaused: false,
          remainingWhenPaused: 0, timerName: "", timerDuration: 0, stepNumber: 1, stepCount: 3,
          stepName: "Bringe Wasser in einem großen Topf zum Kochen, das dauert etwa 5 Min.",
          nextStepName: "", otherTimerCount: 0))
    #expect(kitchen.states.first?.timerName == "Wasser")
    #expect(kitchen.states.first?.timerDuration == 300)
  }

  /// Left alone with a 12-hour timer, the run gets a fresh activity before the 8-hour limit:
  /// its `start` decodes with the new activity number, and the old one's `end` decodes too.
  @Test func aRenewedActivityDecodes() throws {
    let kitchen = try Kitchen()
    let bread = try kitchen.service.start(
      try kitchen.recipe("overnight-bread"), autoAdvance: false,
      at: Instant(unixMilliseconds: t0Unix))
    try kitchen.send(atMinute: 0)
    // On to the cold proof (12 hours), started at minute 3.
    for minute: Int64 in 1...3 { try kitchen.perform(.next, bread, atMinute: minute) }
    try kitchen.send(atMinute: 3)
    try kitchen.send(atMinute: 9 * 60)
    #expect(
      kitchen.sent == [
        "start push-to-start 1 running alert", "update 1 1 running", "update 1 1 running",
        "update 1 1 running", "update 1 1 running alert", "update 1 1 running alert",
        "update 1 1 running alert", "start push-to-start 2 running alert", "end 1 1 running",
      ])
    #expect(
      kitchen.attributes == [
        CookingTimerAttributes(recipeName: "Overnight Country Bread", runId: bread.id, activity: 1),
        CookingTimerAttributes(recipeName: "Overnight Country Bread", runId: bread.id, activity: 2),
      ])
    let renewed = try #require(kitchen.states.dropLast().last)
    #expect(renewed.timerName == "cold proof")
    #expect(renewed.timerDuration == 12 * 3600)
    #expect(renewed.endDate == t0Date.addingTimeInterval(12 * 3600 + 180))
    #expect(renewed.stepNumber == 4)
    #expect(kitchen.states.last == renewed)
  }

  /// Each shipped recipe cooked to its end through the service: paused, added to and resumed
  /// when it starts with a timer, then every timer left to fire and each step moved on from
  /// as soon as it waits; long ones renew their activity on the way.
  @Test(arguments: ShippedRecipes.files.map(\.name))
  func everyShippedRecipeCookedToItsEndDecodes(file: String) throws {
    let kitchen = try Kitchen()
    var now = Instant(unixMilliseconds: t0Unix)
    let run = try kitchen.service.start(
      try kitchen.recipe(String(file.dropLast(".cook".count))), autoAdvance: false, at: now)
    try kitchen.send(at: now)
    if run.phase == .running {
      for (minute, action) in [(1, RunAction.pause), (2, .add(milliseconds: 60_000)), (3, .resume)]
      {
        try kitchen.perform(action, run, atMinute: Int64(minute))
        try kitchen.send(atMinute: Int64(minute))
      }
      now = Instant(unixMilliseconds: t0Unix + 3 * 60_000)
    }
    var rounds = 0
    while try kitchen.service.run(run.id, at: now).isActive {
      let current = try kitchen.service.run(run.id, at: now)
      if let due = current.nextDue {
        now = Instant(unixMilliseconds: max(now, due).unixMilliseconds + 1000)
      } else {
        now = Instant(unixMilliseconds: now.unixMilliseconds + 1000)
        _ = try kitchen.service.perform(.next, on: run.id, at: now)
      }
      try kitchen.send(at: now)
      rounds += 1
      try #require(rounds < 500, "\(file) never ends")
    }
    #expect(kitchen.sent.last?.hasPrefix("end ") == true, "\(kitchen.sent)")
    #expect(kitchen.states.last?.phase == "finished")
    #expect(kitchen.states.allSatisfy { $0.knownPhase != nil })
    #expect(kitchen.states.contains { $0.phase == "paused" } == (run.phase == .running))
    let activities = Set(kitchen.attributes.compactMap(\.activity))
    #expect(kitchen.attributes.allSatisfy { $0.runId == run.id })
    // The bread (about 19 hours) needs three activities; every other recipe fits in one.
    #expect(activities == (file == "overnight-bread.cook" ? [1, 2, 3] : [1]), "\(kitchen.sent)")
    #expect(Set(kitchen.states.map(\.phase)).isSuperset(of: ["waiting", "finished"]))
  }
}
