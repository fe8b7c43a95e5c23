import CooktimerCore
import CooktimerPostgreSQL
import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerStore

/// What a server that is not there, full, or set up to refuse cooktimer's writes is told as:
/// a kind a front end maps (503 / exit 74 for what passes, exit 78 for a setting to change),
/// and a hint saying which setting (a tester's `search_path` to a missing schema exited 70,
/// "internal error"; a role out of connections read as a refused login).
@Suite struct PostgreSQLSettingsTests {
  @Test func aServerThatIsNotThereIsUnreachable() {
    let error = storeError {
      _ = try PostgreSQLEngine(
        url: "postgresql:///postgres?host=/nonexistent-cooktimer-socket&port=5999")
    }
    #expect(error?.kind == .unreachable)
    #expect(
      error?.description.hasSuffix(
        "; check that the PostgreSQL server runs and the URL, or pass --db") == true)
  }

  /// A role at its `CONNECTION LIMIT` (SQLSTATE 53300, whose message names the role): full
  /// for now, not a login refused.
  @Test func aRoleOutOfConnectionsIsUnreachableNotRefused() throws {
    try TestPostgreSQL.withSchema { url in
      let role = "full_" + UUID().uuidString.prefix(8).lowercased()
      let admin = try PostgreSQLEngine(url: url)
      // The name is ours (letters, digits, `_`), not outside input.
      try admin.execute("CREATE ROLE \(role) LOGIN CONNECTION LIMIT 0")
      defer { try? admin.execute("DROP ROLE \(role)") }
      let login =
        url.contains("user=postgres")
        ? url.replacingOccurrences(of: "user=postgres", with: "user=\(role)")
        : url + "&user=\(role)"
      let error = storeError { _ = try PostgreSQLEngine(url: login) }
      #expect(error?.kind == .unreachable, "\(String(describing: error))")
      #expect(error?.detail.contains("too many connections for role") == true)
    }
  }

  @Test func aSearchPathSchemaThatIsNotThereSaysToCreateIt() throws {
    let base = try TestPostgreSQL.url()
    let missing = "missing_" + UUID().uuidString.prefix(8).lowercased()
    let url = base + (base.contains("?") ? "&" : "?") + "options=-csearch_path%3D" + missing
    let error = storeError { _ = try RunStore(engine: try PostgreSQLEngine(url: url)) }
    #expect(error?.kind == .misconfigured, "\(String(describing: error))")
    #expect(error?.detail.hasSuffix("(SQLSTATE 3F000)") == true)
    #expect(
      error?.description.hasSuffix(
        "; create the schema the URL's search_path names first (CREATE SCHEMA name), "
          + "or drop the option") == true)
    // A read-only command's look (is anything there yet?) says so too, not "nothing yet".
    let looked = storeError { _ = try PostgreSQLEngine(url: url).schemaMark() }
    #expect(looked?.kind == .misconfigured, "\(String(describing: looked))")
    #expect(looked?.description.contains("create the schema the URL's search_path") == true)
  }

  /// A standby answers reads only; so does a role or database set read-only (SQLSTATE 25006).
  @Test func aServerThatTakesNoWritesSaysToPointAtThePrimary() throws {
    try TestPostgreSQL.withSchema { url in
      let readOnly = url.replacingOccurrences(
        of: "options=-csearch_path",
        with: "options=-cdefault_transaction_read_only%3Don%20-csearch_path")
      #expect(readOnly != url)
      let error = storeError { _ = try RunStore(engine: try PostgreSQLEngine(url: readOnly)) }
      #expect(error?.kind == .misconfigured, "\(String(describing: error))")
      #expect(error?.detail.hasSuffix("(SQLSTATE 25006)") == true)
      #expect(error?.description.contains("; this server takes no writes (a standby") == true)
    }
  }
}
