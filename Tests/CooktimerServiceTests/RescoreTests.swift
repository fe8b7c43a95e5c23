import CooktimerActivity
import CooktimerCore
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

/// Several runs on one phone (issue 20; docs/live-activity.md §3.7): a change re-scores the
/// device's runs, and each other run whose score moved gets a priority-5 `update` (cause
/// `rescored`) with its new `relevance-score`, in the change's transaction.
@Suite struct RescoreTests {
  private static let minute: Int64 = 60_000

  private func lasagne(_ minutes: Int, _ kitchen: Kitchen, at instant: Instant) throws -> Run {
    let recipe = try Cooklang.recipe(
      "Bake the ~lasagne{\(minutes)%minutes}.\n", file: "Lasagne \(minutes)")
    return try kitchen.service.start(recipe, autoAdvance: false, at: instant)
  }

  private func score(_ push: Push) -> Double? {
    (push.aps["relevance-score"] as? NSNumber)?.doubleValue
  }

  /// The two lasagnes: the second, started 10 minutes later, fires first. It takes
  /// 99 and the first drops to 98 at once, by a priority-5 update; the scores then hold
  /// (no drift) until the next change.
  @Test func aLaterRunFiringFirstMovesTheFirstDown() throws {
    let kitchen = try Kitchen()
    let first = try lasagne(60, kitchen, at: t0)
    let second = try lasagne(30, kitchen, at: t0 + 10 * Self.minute)
    let pushes = try kitchen.pushes(at: t0 + 10 * Self.minute)
    #expect(
      pushes.map(\.summary) == [
        "start p10 push-to-start @0: Lasagne 60 — started",
        "start p10 push-to-start @600: Lasagne 30 — started", "update p5 1 @600",
      ])
    #expect(pushes.map(\.entry.runID) == [first.id, second.id, first.id])
    #expect(pushes.map(score) == [99, 99, 98])
    let rescore = try #require(OutboxPush.decoded(pushes[2].entry.draft.payload))
    #expect(rescore.cause == .rescored)
    #expect(rescore.runningScore == 98)
    #expect(pushes[2].aps["alert"] == nil)
    #expect(pushes[2].phase == "running")
    #expect(pushes[2].headers["apns-expiration"] == String(t0Seconds + 600 + 3600))
    // `outbox` says why each goes.
    let causes = try pushes.map {
      let line = try OutboxDocument.line($0.entry, topic: "com.example.cooktimer")
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      return object?["cause"] as? [String: String]
    }
    #expect(causes == [["kind": "run-started"], ["kind": "run-started"], ["kind": "rescored"]])
    // Rendered 25 minutes later, the scores have not drifted; each push goes with its run's
    // place as it is when sent, so the first run's start, if it went only now, says 98.
    let later = try kitchen.outbox(at: t0 + 35 * Self.minute)
    #expect(later.map(score) == [98, 99, 98])
  }

  /// A run that fires after the others moves nobody: only its own start goes.
  @Test func aLaterRunFiringLastMovesNobody() throws {
    let kitchen = try Kitchen()
    _ = try lasagne(30, kitchen, at: t0)
    _ = try lasagne(60, kitchen, at: t0 + 10 * Self.minute)
    let pushes = try kitchen.pushes(at: t0 + 10 * Self.minute)
    #expect(pushes.map(\.event) == ["start", "start"])
    #expect(pushes.map(score) == [99, 98])
  }

  /// The cook pauses the run firing first: the other moves up to 99 (priority 5), the paused
  /// one shows 1; resumed, it fires first again and the other goes back to 98.
  @Test func pausingAndResumingReordersTheOthers() throws {
    let kitchen = try Kitchen()
    let first = try lasagne(60, kitchen, at: t0)
    let second = try lasagne(30, kitchen, at: t0 + 10 * Self.minute)
    _ = try kitchen.service.perform(.pause, on: second.id, at: t0 + 20 * Self.minute)
    _ = try kitchen.service.perform(.resume, on: second.id, at: t0 + 21 * Self.minute)
    let pushes = try kitchen.pushes(at: t0 + 21 * Self.minute).dropFirst(3)
    #expect(
      pushes.map(\.summary) == [
        "update p10 1 @1200", "update p5 1 @1200",
        "update p10 1 @1260", "update p5 1 @1260",
      ])
    #expect(pushes.map(\.entry.runID) == [second.id, first.id, second.id, first.id])
    #expect(pushes.map(score) == [1, 99, 99, 98])
    #expect(
      pushes.map { OutboxPush.decoded($0.entry.draft.payload)?.cause } == [
        .cook(.pause), .rescored, .cook(.resume), .rescored,
      ])
  }

  /// The run firing first fires (its update shows it waiting, 100) and leaves the running
  /// order: the other moves up to 99 in the same catch-up.
  @Test func aFireLeavesTheOrderAndMovesTheOtherUp() throws {
    let kitchen = try Kitchen()
    let first = try lasagne(60, kitchen, at: t0)
    let second = try lasagne(30, kitchen, at: t0 + 10 * Self.minute)
    let pushes = try kitchen.pushes(at: t0 + 41 * Self.minute).dropFirst(3)
    #expect(
      pushes.map(\.summary) == [
        "update p10 1 @2400: Lasagne 30 — lasagne done",
        "update p5 1 @2460",
      ])
    #expect(pushes.map(\.entry.runID) == [second.id, first.id])
    #expect(pushes.map(score) == [100, 99])
  }

  /// A run stopped leaves the order: its end scores 0 and the next one moves up.
  @Test func aStoppedRunMovesTheNextUp() throws {
    let kitchen = try Kitchen()
    let first = try lasagne(60, kitchen, at: t0)
    let second = try lasagne(30, kitchen, at: t0 + 10 * Self.minute)
    _ = try kitchen.service.perform(.stop, on: second.id, at: t0 + 12 * Self.minute)
    let pushes = try kitchen.pushes(at: t0 + 12 * Self.minute).dropFirst(3)
    #expect(pushes.map(\.summary) == ["end p10 1 @720", "update p5 1 @720"])
    #expect(pushes.map(\.entry.runID) == [second.id, first.id])
    #expect(pushes.map(score) == [0, 99])
  }
}
