import CooktimerActivity
import CooktimerCore
import CooktimerService
import CooktimerTestSupport
import Foundation
import Testing

/// When the sender wakes next (``RunService/nextWake()``): the soonest running timer's end or
/// the soonest renewal of a live activity, whichever comes first — two index probes
/// (migration 10), never a scan of the active runs.
@Suite("The sender's next wake")
struct NextWakeTests {
  @Test func theSoonestTimerEndOrActivityRenewalOfTheActiveRuns() throws {
    let kitchen = try Kitchen()
    #expect(try kitchen.service.nextWake() == nil)
    // Black Tea: one 3-minute timer, running from its start.
    let tea = try kitchen.service.start(try Kitchen.recipe("tea"), autoAdvance: false, at: t0)
    #expect(try kitchen.service.nextWake() == t0 + 180_000)
    let later = try kitchen.service.start(
      try Kitchen.recipe("tea"), autoAdvance: false, at: t0 + 60_000)
    #expect(try kitchen.service.nextWake() == t0 + 180_000)
    // Paused, the first tea's timer is due no more; the second's still is.
    _ = try kitchen.service.perform(.pause, on: tea.id, at: t0 + 10_000)
    #expect(try kitchen.service.nextWake() == t0 + 240_000)
    _ = try kitchen.service.perform(.pause, on: later.id, at: t0 + 70_000)
    // Nothing running: the first live activity's renewal, 8 h − 10 min after it started.
    #expect(try kitchen.service.nextWake() == t0 + ActivityLifetime.limit - ActivityLifetime.margin)
    _ = try kitchen.service.perform(.stop, on: tea.id, at: t0 + 80_000)
    #expect(
      try kitchen.service.nextWake()
        == t0 + 60_000 + ActivityLifetime.limit - ActivityLifetime.margin)
  }
}
