import Foundation
import Testing

/// `--db postgresql://…`: a malformed URL is usage (64) before anything connects
/// (docs/cli.md §5).
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
}
