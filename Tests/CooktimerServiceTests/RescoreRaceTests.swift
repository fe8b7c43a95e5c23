import CooktimerActivity
import CooktimerCore
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

/// Two changes of different runs committed side by side (PostgreSQL: each locks only its own
/// run): each ranks the device's runs without the other's change, so the running score each
/// stores is wrong for the pair. The pushes go with the order as it is when they are rendered
/// (docs/live-activity.md §3.7), so the phone shows the right order.
@Suite struct RescoreRaceTests {
  private static let minute: Int64 = 60_000

  @Test func sideBySideChangesGoWithTheOrderAsItIsWhenSent() throws {
    try TestPostgreSQL.withSchema { url in
      let first = try RunService(path: url, clock: FixedClock(t0))
      let other = try RunService(path: url, clock: FixedClock(t0))
      var runs: [Run] = []
      for minutes in [30, 40, 50] {
        let recipe = try Cooklang.recipe(
          "Bake the ~lasagne{\(minutes)%minutes}.\n", file: "Lasagne \(minutes)")
        runs.append(try first.start(recipe, autoAdvance: false, at: t0))
      }
      // The first pause holds its transaction open (its re-scoring done) while the second
      // pause commits.
      let held = HeldChange(.pause, on: runs[0].id, at: t0 + Self.minute, by: first)
      _ = try other.perform(.pause, on: runs[1].id, at: t0 + Self.minute)
      held.end()
      // Both pauses ranked the last run second of two (98); with both runs paused it is
      // the only one running: 99.
      let last = try other.pendingPushes(at: t0 + Self.minute).filter {
        $0.runID == runs[2].id
      }
      let stored = last.compactMap { OutboxPush.decoded($0.draft.payload)?.runningScore }
      #expect(stored == [97, 98, 98])
      let sent = try last.map { entry in
        let body = try JSONSerialization.jsonObject(with: Data(entry.draft.body.utf8))
        let aps = (body as? [String: Any])?["aps"] as? [String: Any]
        return (aps?["relevance-score"] as? NSNumber)?.doubleValue
      }
      #expect(sent == [99, 99, 99])
    }
  }
}
