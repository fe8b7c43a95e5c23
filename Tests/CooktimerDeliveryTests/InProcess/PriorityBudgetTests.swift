import CooktimerActivity
import CooktimerCore
import CooktimerDelivery
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

/// Issue 20, "priority budget" (docs/delivery.md §3): fires and starts at 10; the cook's own
/// echoes at 10 only within the device token's budget of priority-10 pushes per hour.
@Suite("Priority budget")
struct PriorityBudgetTests {
  /// A steak seared 5 minutes with 12 taps of pause/resume in its first 2 minutes (each sent
  /// at once): the first 10 echoes go at 10, the 11th and 12th at 5, and the fire at 10.
  @Test func echoesPastTheBudgetGoAtFiveAndTheFireAtTen() throws {
    let rig = try SenderRig()
    rig.sender.priorityBudget = PriorityBudget(perHour: 10)
    let run = try rig.start("Sear the steak for ~{5%minutes}.\n", title: "Steak", at: rigT0)
    let token = SenderRig.token()
    try rig.service.addActivityToken(token, run: run.id, activity: 1, sandbox: false, at: rigT0)
    for n in 1...12 {
      let at = rigT0 + Int64(n) * 10_000
      _ = try rig.service.perform(n % 2 == 1 ? .pause : .resume, on: run.id, at: at)
      try rig.deliver(at: at + 100)
    }
    // Paused 6 × 10 s: the timer ends at 6 min.
    try rig.deliver(at: rigT0 + 360_050)
    let sent = try rig.requests().filter { $0.request.token == token }
    #expect(
      sent.map { $0.request.headers["apns-priority"] ?? "" }
        == Array(repeating: "10", count: 10) + ["5", "5", "10"])
    #expect(
      sent.last.map { ($0.aps["alert"] as? [String: Any])?["title"] as? String }
        == "Steak — timer done")
    // `deliveries` says which and why.
    let attempts = try rig.attempts().filter { $0.token == token }
    #expect(attempts.map(\.priority) == Array(repeating: 10, count: 10) + [5, 5, 10])
    #expect(attempts[0].priorityReason == "cook's change, within budget (1 of 10 this hour)")
    #expect(attempts[10].priorityReason == "cook's change, over budget (10 per hour)")
    #expect(attempts[12].priorityReason == "timer fired")
    let document = try rig.service.deliveries().deliveries.filter { $0.run == run.id }
    #expect(document.last?.priority == 10)
    #expect(document.last?.priorityReason == "timer fired")
  }

  /// The default and its setting.
  @Test func theBudgetIsTenUnlessSet() {
    #expect(PriorityBudget.from(environment: [:]).perHour == 10)
    #expect(PriorityBudget.from(environment: ["COOKTIMER_PRIORITY_BUDGET": "40"]).perHour == 40)
    #expect(PriorityBudget.from(environment: ["COOKTIMER_PRIORITY_BUDGET": "x"]).perHour == 10)
  }
}
