import CooktimerCore
import CooktimerService
import CooktimerTestSupport
import Foundation
import Testing

/// `outbox --mark-sent`, its page count, `deliveries`, the case-insensitive run-id lookup and
/// store failures as the service's own error: use cases the CLI once did on the store.
@Suite("Outbox, deliveries and run lookup")
struct OutboxAndLookupTests {
  @Test func markSentCountsOnlyPendingPushesOnce() throws {
    let kitchen = try Kitchen()
    _ = try kitchen.service.start(try Kitchen.recipe("tea"), autoAdvance: false, at: t0)
    _ = try kitchen.service.start(try Kitchen.recipe("rice"), autoAdvance: false, at: t0)
    let pending = try kitchen.service.pendingPushes(at: t0)
    #expect(pending.map(\.draft.event) == ["start", "start"])
    let first = pending[0].id
    #expect(try kitchen.service.pendingCount(after: 0) == 2)
    #expect(try kitchen.service.pendingCount(after: first) == 1)
    // An id that names no push is not counted; marking again marks nothing.
    #expect(try kitchen.service.markSent([first, 9_999], at: t0 + second) == 1)
    #expect(try kitchen.service.markSent([first], at: t0 + 2 * second) == 0)
    #expect(try kitchen.service.pendingCount(after: 0) == 1)
    #expect(try kitchen.service.pendingPushes(at: t0 + 3 * second).map(\.id) == [pending[1].id])
  }

  @Test func noDeliveriesBeforeASend() throws {
    let kitchen = try Kitchen()
    let document = try kitchen.service.deliveries()
    #expect(document.deliveries.isEmpty)
    let json = String(decoding: try JSONEncoder().encode(document), as: UTF8.self)
    #expect(json == #"{"deliveries":[]}"#)
  }

  @Test func aRunIDMatchesInAnyCase() throws {
    let kitchen = try Kitchen()
    let run = try kitchen.service.start(try Kitchen.recipe("tea"), autoAdvance: false, at: t0)
    #expect(try kitchen.service.runExists(run.id))
    #expect(try kitchen.service.runExists(run.id.uppercased()))
    #expect(try !kitchen.service.runExists(run.id + "x"))
    #expect(try kitchen.service.run(run.id.uppercased(), at: t0).id == run.id)
    #expect(throws: ServiceError.noSuchRun("ZZZZ")) {
      try kitchen.service.acknowledge("ZZZZ", at: t0)
    }
  }
}

/// The transition words come from one list (`CookAction`): the command's word, the route's.
@Suite("Transition words")
struct TransitionWordTests {
  @Test func eachActionSaysItsCommandWord() {
    let actions: [RunAction] = [
      .pause, .resume, .next, .restart, .stop, .add(milliseconds: 60_000),
      .skip(.number(1)), .cancel(.name("Nudeln")), .begin(.suggested(1)),
    ]
    #expect(
      actions.map(\.word) == [
        "pause", "resume", "next", "restart", "stop", "add", "skip", "cancel", "begin",
      ])
  }

  @Test func okWithoutARunAcknowledgesTheOnlyActiveOne() throws {
    let kitchen = try Kitchen()
    let run = try kitchen.service.start(try Kitchen.recipe("tea"), autoAdvance: false, at: t0)
    let answer = try kitchen.service.acknowledgeAlarms(of: nil, at: t0 + 4 * minute)
    #expect(answer.runID == run.id)
    #expect(answer.through == t0 + 4 * minute)
    #expect(try kitchen.service.acknowledgedAt(run.id) == t0 + 4 * minute)
  }
}
