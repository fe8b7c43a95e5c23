import CooktimerCore
import CooktimerPostgreSQL
import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerStore

/// What the PostgreSQL engine does when its connection goes away (a restart, a failover).
@Suite struct PostgreSQLFaultTests {
  /// Ends the server process of every connection named `name` (`application_name`).
  static func terminate(_ name: String, through url: String) throws {
    // The name is ours (letters, digits, `_`), not outside input.
    try PostgreSQLEngine(url: url).execute(
      "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity "
        + "WHERE application_name = '\(name)'")
  }

  @Test func aConnectionLostBetweenCallsIsReestablishedUnseen() throws {
    try TestPostgreSQL.withSchema { url in
      let name = "fault_" + UUID().uuidString.prefix(8).lowercased()
      let store = try RunStore(engine: try PostgreSQLEngine(url: url + "&application_name=" + name))
      try store.insert(Fixture.run())
      // A lone read after the loss runs again on a new connection…
      try Self.terminate(name, through: url)
      #expect(try store.run(id: "a3f") == Fixture.run())
      // …and so does a change, whose BEGIN met the loss before anything ran.
      try Self.terminate(name, through: url)
      try store.update(runID: "a3f") { run, _ in
        run.timers[0].added += 1
        return StoreChange()
      }
      #expect(try store.run(id: "a3f")?.timers[0].added == Fixture.run().timers[0].added + 1)
    }
  }

  @Test func aConnectionLostInsideATransactionFailsItAsBusy() throws {
    try TestPostgreSQL.withSchema { url in
      let name = "fault_" + UUID().uuidString.prefix(8).lowercased()
      let store = try RunStore(engine: try PostgreSQLEngine(url: url + "&application_name=" + name))
      try store.insert(Fixture.run())
      // Half a change cannot be sent again: it fails with "try again" (HTTP 503)…
      let error = storeError {
        try store.update(runID: "a3f") { run, _ in
          try Self.terminate(name, through: url)
          run.timers[0].added += 1
          return StoreChange()
        }
      }
      #expect(error?.kind == .busy)
      // …nothing of it is stored, and the next call works on a new connection.
      #expect(try store.run(id: "a3f") == Fixture.run())
    }
  }

  /// A group commit whose connection is lost between two changes: the changes after the
  /// loss fail as busy (503, retried with their keys), never run on a new connection outside
  /// the transaction — the fault test had two 500s, SQLSTATE 25P01, "SAVEPOINT can only be
  /// used in transaction blocks" — and nothing of the batch is stored.
  @Test func aConnectionLostInsideABatchFailsTheRestAsBusy() throws {
    try TestPostgreSQL.withSchema { url in
      let name = "fault_" + UUID().uuidString.prefix(8).lowercased()
      let store = try RunStore(engine: try PostgreSQLEngine(url: url + "&application_name=" + name))
      try store.insert(Fixture.run(id: "a3f"))
      try store.insert(Fixture.run(id: "b4e"))
      var second: StoreError?
      let batch = storeError {
        try store.batch {
          try store.update(runID: "a3f") { run, _ in
            run.timers[0].added += 1000
            return StoreChange()
          }
          try Self.terminate(name, through: url)
          second = storeError {
            try store.update(runID: "b4e") { run, _ in
              run.timers[0].added += 7
              return StoreChange()
            }
          }
        }
      }
      #expect(second?.kind == .busy)
      #expect(
        second?.detail.contains("lost the connection") == true, "\(String(describing: second))")
      #expect(batch?.kind == .busy)
      // Nothing of the batch is stored; the next call runs on a new connection.
      #expect(try store.run(id: "a3f")?.timers[0].added == 0)
      #expect(try store.run(id: "b4e")?.timers[0].added == 0)
    }
  }

  /// A login refused is `.permissionDenied` (exit 77), with a hint about the URL, not the
  /// file's: a role that may not log in, or one that does not exist.
  @Test func aRefusedLoginIsPermissionDeniedWithTheURLsHint() throws {
    try TestPostgreSQL.withSchema { url in
      let role = "nologin_" + UUID().uuidString.prefix(8).lowercased()
      let admin = try PostgreSQLEngine(url: url)
      // The name is ours (letters, digits, `_`), not outside input.
      try admin.execute("CREATE ROLE \(role) NOLOGIN")
      defer { try? admin.execute("DROP ROLE \(role)") }
      for user in [role, "missing_" + role] {
        let login =
          url.contains("user=postgres")
          ? url.replacingOccurrences(of: "user=postgres", with: "user=\(user)")
          : url + (url.contains("?") ? "&" : "?") + "user=\(user)"
        let error = storeError { _ = try PostgreSQLEngine(url: login) }
        #expect(error?.kind == .permissionDenied, "\(String(describing: error))")
        #expect(
          error?.description.hasSuffix(
            "; check the URL's user and password and the role's rights, or pass --db") == true)
      }
    }
  }
}
