import CooktimerCore
import CooktimerService
import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerServer

/// On PostgreSQL the watcher is woken by another server's commit (LISTEN/NOTIFY), not by its
/// interval: a change made through server A reaches server B's event streams at once.
@Suite("the watcher woken by PostgreSQL")
struct RunWatcherListenTests {
  @Test func anotherServersChangeIsPublishedWithoutWaitingForTheInterval() throws {
    try TestPostgreSQL.withSchema { url in
      let clock = SystemClock()
      let other = try RunService(path: url, clock: clock)
      let hub = EventHub(clock: clock)
      // An interval no test waits for: only the notification can wake the watcher.
      let watcher = RunWatcher(
        hub: hub, service: try RunService(path: url, clock: clock), interval: 3600)
      try watcher.start()
      defer { watcher.stop() }
      let recipe = try Cooklang.recipe(TestRecipes.texts["tea"]!, file: "tea.cook")
      let run = try other.start(recipe, autoAdvance: false)
      let published = waitUntil(timeout: 10) {
        hub.logged.contains { $0.name == "run" && $0.data.contains(run.id) }
      }
      #expect(published)
    }
  }
}
