import CooktimerCore
import CooktimerPostgreSQL
import Foundation
import Testing

@testable import CooktimerStore

/// What the PostgreSQL engine does when its connection goes away (a restart, a failover).
@Suite struct PostgreSQLFaultTests {
  @Test func aLostConnectionFailsOneCallAsBusyThenIsReestablished() throws {
    try TestPostgreSQL.withSchema { url in
      let name = "fault_" + UUID().uuidString.prefix(8).lowercased()
      let store = try RunStore(engine: try PostgreSQLEngine(url: url + "&application_name=" + name))
      try store.insert(Fixture.run())
      let admin = try PostgreSQLEngine(url: url)
      // The name is ours (letters, digits, `_`), not outside input.
      try admin.execute(
        "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity "
          + "WHERE application_name = '\(name)'")
      // The call that meets the loss fails with "try again" (HTTP 503)…
      let error = storeError { _ = try store.run(id: "a3f") }
      #expect(error?.kind == .busy)
      #expect(error?.detail.contains("57P01") == true || error?.detail.contains("lost") == true)
      // …and the next one runs on a new connection, the data all there.
      #expect(try store.run(id: "a3f") == Fixture.run())
      try store.update(runID: "a3f") { run, _ in
        run.timers[0].added += 1
        return StoreChange()
      }
      #expect(try store.run(id: "a3f")?.timers[0].added == Fixture.run().timers[0].added + 1)
    }
  }
}
