import CooktimerCore
import CooktimerService
import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerServer

/// The watcher tells a timer's fire once, by ``FiredTimers``: the fires after its last look.
@Suite("fired events from the watcher")
struct RunWatcherFiredTests {
  /// A clock the test moves.
  final class SetClock: Clock, @unchecked Sendable {
    private let lock = NSLock()
    private var instant: Instant
    init(_ instant: Instant) { self.instant = instant }
    func set(_ new: Instant) {
      lock.lock()
      instant = new
      lock.unlock()
    }
    func now() -> Instant {
      lock.lock()
      defer { lock.unlock() }
      return instant
    }
    func nanoseconds() -> Int64 { now().unixMilliseconds * 1_000_000 }
  }

  @Test func aFireIsToldOnceBeforeItsRunEvent() throws {
    let folder = NSTemporaryDirectory() + "cooktimer-watcher-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let clock = SetClock(t0)
    let path = folder + "/cooktimer.sqlite3"
    let service = try RunService(path: path, clock: clock)
    let hub = EventHub(clock: clock)
    let watcher = RunWatcher(
      hub: hub, service: try RunService(path: path, clock: clock), interval: 60)
    try watcher.look(publishing: false)
    let recipe = try Cooklang.recipe(TestRecipes.texts["tea"]!, file: "tea.cook")
    let run = try service.start(recipe, autoAdvance: false, at: t0)
    func look(at instant: Instant) throws -> [String] {
      let before = hub.logged.count
      clock.set(instant)
      try watcher.look(publishing: true)
      return hub.logged.dropFirst(before).map(\.name)
    }
    #expect(try look(at: t0 + 1_000) == ["run"])
    // tea steeps 4 minutes (240 000 ms): nothing before, the fire once at its end date.
    #expect(try look(at: t0 + 240_000 - 1) == [])
    #expect(try look(at: t0 + 241_000) == ["fired", "run"])
    let fired = hub.logged.first { $0.name == "fired" }!.data
    #expect(fired.contains(#""id":"\#(run.id)""#), "\(fired)")
    #expect(fired.contains(#""serverTime":"2026-11-29T18:04:01.000Z""#), "\(fired)")
    // A later change of the run tells the run again, never the fire.
    _ = try service.perform(.next, on: run.id, at: t0 + 300_000)
    #expect(try look(at: t0 + 300_000) == ["run"])
  }
}
