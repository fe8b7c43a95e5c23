import CooktimerTestSupport
import Foundation
import Testing

/// `--db postgresql://…`: a malformed URL is usage (64) before anything connects, a server
/// that cannot be reached is an I/O error (74) told on one line, and a command that only
/// reads finds an empty database empty — it creates no schema (docs/cli.md §1.1, §5).
@Suite("PostgreSQL URLs and empty databases")
struct PostgreSQLLocationTests {
  @Test(arguments: [
    (
      "postgresql://host:notaport/db",
      "bad PostgreSQL URL postgresql://host:notaport/db: the port \"notaport\" is not a number from 1 to 65535"
    ),
    (
      "postgresql://h1:5432,h2:99999/db",
      "bad PostgreSQL URL postgresql://h1:5432,h2:99999/db: the port \"99999\" is not a number from 1 to 65535"
    ),
    (
      "postgresql://",
      "postgresql:// names no server and no database: postgresql://HOST/DATABASE"
    ),
    (
      "postgresql:/db",
      "postgresql:/db is not a PostgreSQL URL: it starts postgresql:// or postgres://"
    ),
    (
      "postgresql://h/db?nonsense=1",
      "bad PostgreSQL URL postgresql://h/db?nonsense=1: invalid URI query parameter: \"nonsense\""
    ),
    // Options libpq reads only when it connects (PostgreSQL 15 manual §34.1.2): refused
    // here, before anything connects, with what is allowed.
    (
      "postgresql://h/db?sslmode=bogus",
      "bad PostgreSQL URL postgresql://h/db?sslmode=bogus: sslmode \"bogus\" is not one of disable, allow, prefer, require, verify-ca, verify-full"
    ),
    (
      "postgresql://h/db?target_session_attrs=master",
      "bad PostgreSQL URL postgresql://h/db?target_session_attrs=master: target_session_attrs \"master\" is not one of any, read-write, read-only, primary, standby, prefer-standby"
    ),
    (
      "postgresql://h/db?gssencmode=Require",
      "bad PostgreSQL URL postgresql://h/db?gssencmode=Require: gssencmode \"Require\" is not one of disable, prefer, require"
    ),
    (
      "postgresql://h/db?connect_timeout=soon",
      "bad PostgreSQL URL postgresql://h/db?connect_timeout=soon: connect_timeout \"soon\" is not a whole number"
    ),
    (
      "postgresql://h/db?ssl_min_protocol_version=TLSv1.3&ssl_max_protocol_version=TLSv1.2",
      "bad PostgreSQL URL postgresql://h/db?ssl_min_protocol_version=TLSv1.3&ssl_max_protocol_version=TLSv1.2: ssl_min_protocol_version TLSv1.3 is above ssl_max_protocol_version TLSv1.2"
    ),
    (
      "postgresql://h1,h2,h3/db?port=5432,5433",
      "bad PostgreSQL URL postgresql://h1,h2,h3/db?port=5432,5433: 2 ports for 3 hosts: give one port, or one for each host"
    ),
    // libpq quotes the URL it could not read: the password is left out of the quote too.
    (
      "postgresql://cook:s3cret@[::1/db",
      "bad PostgreSQL URL postgresql://cook@[::1/db: end of string reached when looking for matching \"]\" in IPv6 host address in URI: \"postgresql://cook@[::1/db\""
    ),
  ])
  func aMalformedURLIsUsage(url: String, message: String) throws {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "tea", "Steep ~tea{3%minutes}.")
    for command in [["status"], ["start", "tea"], ["token", "list"]] {
      let r = try box.run(["--db", url] + command)
      #expect(r.status == 64, "\(command)")
      #expect(r.stderr == "cooktimer: \(message)\n", "\(command)")
      #expect(!r.stderr.contains("s3cret"))
    }
  }

  /// A URL that parses but reaches no server: 74, libpq's two lines (the second indented by
  /// a tab) on one line without the tab, the password left out.
  @Test func anUnreachableServerIs74OnOneLine() throws {
    let box = try Sandbox(inProcess: true)
    let r = try box.run(["--db", "postgresql://cook:s3cret@127.0.0.1:1/db", "status"])
    #expect(r.status == 74)
    #expect(
      r.stderr
        == "cooktimer: postgresql://cook@127.0.0.1:1/db: cannot connect to PostgreSQL: connection to server at \"127.0.0.1\", port 1 failed: Connection refused / Is the server running on that host and accepting TCP/IP connections?; check that the PostgreSQL server runs and the URL, or pass --db\n"
    )
  }

  /// Reading commands on a database with no table: what SQLite's missing file gets, and the
  /// schema stays empty; `start` then makes it.
  @Test func readingCommandsCreateNoSchema() throws {
    try TestPostgreSQL.withSchema { url in
      let box = try Sandbox(inProcess: true)
      try box.write(recipe: "tea", "Steep ~tea{3%minutes}.")
      let missing =
        "no cooktimer database at \(url) yet (its schema has no tables); `start RECIPE` makes it"
      let status = try box.run(["--db", url, "status"])
      #expect(status.status == 0)
      #expect(status.stdout == "No active runs. Start one with `start RECIPE`.\n")
      #expect(status.stderr == "cooktimer: \(missing)\n")
      for command in [
        ["status", "x1"], ["outbox"], ["deliveries"], ["token", "list"], ["apikey", "list"],
        ["timeline"],
      ] {
        let r = try box.run(["--db", url] + command)
        #expect(r.status == 66, "\(command)")
        #expect(r.stderr == "cooktimer: \(missing) (check --db and $COOKTIMER_DB)\n", "\(command)")
      }
      #expect(try TestPostgreSQL.tableCount(on: url) == 0)
      let start = try box.run(["--db", url, "start", "tea", "--now", "2026-12-01T10:00:00Z"])
      #expect(start.status == 0)
      #expect(try TestPostgreSQL.tableCount(on: url) > 0)
      #expect(try box.run(["--db", url, "outbox"]).status == 0)
    }
  }
}
