import CooktimerCore
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

/// docs/delivery.md §1: an activity's new update token replaces the old one (issue 20);
/// another activity's token and the device's other tokens stay.
@Suite struct ActivityTokenTests {
  @Test func aTokenReportedAgainForTheSameActivityReplacesTheOldOne() throws {
    let kitchen = try Kitchen()
    let run = try kitchen.service.start(try Kitchen.recipe("tea"), autoAdvance: false, at: t0)
    let first = String(repeating: "a1", count: 32)
    let renewed = String(repeating: "b2", count: 32)
    let start = String(repeating: "c3", count: 32)
    try kitchen.service.addPushToStartToken(start, device: nil, sandbox: false, at: t0)
    try kitchen.service.addActivityToken(first, run: run.id, activity: 1, sandbox: false, at: t0)
    try kitchen.service.addActivityToken(
      renewed, run: run.id, activity: 1, sandbox: false, at: t0 + second)
    let tokens = try kitchen.store.transaction { tx in
      try tx.activityTokens(runID: run.id, activity: 1).map(\.token)
    }
    #expect(tokens == [renewed])
    #expect(Set(try kitchen.service.tokens().map(\.token)) == [start, renewed])
  }
}
