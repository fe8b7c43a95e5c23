import CooktimerPostgreSQL
import CooktimerStore
import Foundation

/// The PostgreSQL server the store's tests run against: `$COOKTIMER_TEST_POSTGRESQL` (a URL
/// of a database the tests may create schemas in; `.ci/run` starts a cluster and sets it),
/// else a throwaway cluster of this process — `initdb` in a folder of its own (as `nobody`
/// when the tests run as root: PostgreSQL refuses to run as root), listening only on a Unix
/// socket in that folder on a random port, stopped and removed when the process exits.
/// Each test gets a schema of its own (``withSchema(_:)``), dropped afterwards.
public enum TestPostgreSQL {
  /// Debian's PostgreSQL 15 (`postgresql-15`).
  public static let binaries = "/usr/lib/postgresql/15/bin/"

  nonisolated(unsafe) private static var startedFolder: String?
  private static let server: Result<String, TestPostgreSQLError> = Result {
    () throws(TestPostgreSQLError) in try start()
  }

  /// The URL of the server's database, the cluster started on first use.
  public static func url() throws -> String {
    try server.get()
  }

  /// `body` with a URL whose `search_path` is a fresh, empty schema.
  public static func withSchema<T>(_ body: (String) throws -> T) throws -> T {
    let base = try url()
    let schema = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    let admin = try PostgreSQLEngine(url: base)
    try admin.execute("CREATE SCHEMA \(schema)")
    defer { try? admin.execute("DROP SCHEMA \(schema) CASCADE") }
    let separator = base.contains("?") ? "&" : "?"
    return try body(base + separator + "options=-csearch_path%3D" + schema)
  }

  /// Runs `sql` (no values) on a connection of its own to `url`, as an administrator of the
  /// test would (taking a table away, ending a connection).
  public static func execute(_ sql: String, on url: String) throws {
    try PostgreSQLEngine(url: url).execute(sql)
  }

  /// How many tables the schema `url`'s `search_path` names holds (0: nothing was created).
  public static func tableCount(on url: String) throws -> Int {
    // A statement holds its engine unowned: the engine must outlive it.
    let engine = try PostgreSQLEngine(url: url)
    return try withExtendedLifetime(engine) {
      let statement = try engine.prepare(
        "SELECT count(*) FROM pg_catalog.pg_tables WHERE schemaname = current_schema()")
      return try statement.step() ? Int(statement.int64(0)) : 0
    }
  }

  private static func start() throws(TestPostgreSQLError) -> String {
    if let url = ProcessInfo.processInfo.environment["COOKTIMER_TEST_POSTGRESQL"], !url.isEmpty {
      return url
    }
    stopAbandoned()
    let folder = "/tmp/cooktimer-pg-" + UUID().uuidString.prefix(8).lowercased()
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
      try "\(getpid())".write(toFile: folder + "/owner.pid", atomically: true, encoding: .utf8)
      if getuid() == 0 {
        try FileManager.default.setAttributes([.ownerAccountName: "nobody"], ofItemAtPath: folder)
      }
    } catch {
      throw TestPostgreSQLError(detail: "cannot make \(folder): \(error)")
    }
    try run(
      binaries + "initdb",
      [
        "-D", folder + "/data", "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C",
        "--no-sync",
      ])
    startedFolder = folder
    atexit { TestPostgreSQL.stop() }
    var lastError = TestPostgreSQLError(detail: "no free port")
    for _ in 0..<5 {
      let port = Int.random(in: 20_000..<60_000)
      do {
        try run(
          binaries + "pg_ctl",
          [
            "-D", folder + "/data", "-l", folder + "/log", "-w", "-t", "60", "-o",
            "-k \(folder) -p \(port) -c listen_addresses='' -c fsync=off -c max_connections=200",
            "start",
          ])
        return "postgresql:///postgres?host=\(folder)&port=\(port)&user=postgres"
      } catch {
        lastError = error
      }
    }
    throw lastError
  }

  /// Stops the clusters of test processes that were killed before their `atexit` ran (the
  /// owner's pid is gone), so an interrupted run leaves no server behind for long.
  private static func stopAbandoned() {
    let folders = (try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? []
    for name in folders where name.hasPrefix("cooktimer-pg-") {
      let folder = "/tmp/" + name
      guard let text = try? String(contentsOfFile: folder + "/owner.pid", encoding: .utf8),
        let owner = Int32(text), kill(owner, 0) != 0, errno == ESRCH
      else { continue }
      try? run(binaries + "pg_ctl", ["-D", folder + "/data", "-m", "immediate", "-w", "stop"])
      try? FileManager.default.removeItem(atPath: folder)
    }
  }

  /// Stops the throwaway cluster at once and removes its folder.
  public static func stop() {
    guard let folder = startedFolder else { return }
    try? run(binaries + "pg_ctl", ["-D", folder + "/data", "-m", "immediate", "-w", "stop"])
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// Runs a PostgreSQL program to its end (as `nobody` when this process is root), its
  /// output in `/tmp/cooktimer-pg-setup.log`. `posix_spawn` and `waitpid`, not Foundation's
  /// `Process`, whose `waitUntilExit` never returned here once `pg_ctl` had exited.
  private static func run(_ program: String, _ arguments: [String]) throws(TestPostgreSQLError) {
    let argv =
      getuid() == 0
      ? ["/usr/sbin/runuser", "-u", "nobody", "--", program] + arguments
      : [program] + arguments
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, 1, "/tmp/cooktimer-pg-setup.log", O_WRONLY | O_CREAT | O_APPEND, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    var cArguments = argv.map { strdup($0) } + [nil]
    defer { for argument in cArguments { free(argument) } }
    var pid = pid_t()
    let code = posix_spawn(&pid, argv[0], &actions, nil, &cArguments, environ)
    guard code == 0 else {
      throw TestPostgreSQLError(detail: "cannot run \(program): \(String(cString: strerror(code)))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    guard status == 0 else {
      throw TestPostgreSQLError(
        detail: "\(program) failed (status \(status)); see /tmp/cooktimer-pg-setup.log")
    }
  }
}

public struct TestPostgreSQLError: Error, CustomStringConvertible {
  public var detail: String
  public var description: String { detail }
}
