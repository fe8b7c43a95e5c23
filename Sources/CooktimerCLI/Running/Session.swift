import CooktimerActivity
import CooktimerCore
import CooktimerService
import Foundation

/// Runs commands: one per process for argv, many for the REPL and piped input.
///
/// Opens the service lazily (commands such as `show` and `contract` never touch the database) and turns
/// every error into one message line and an exit status in ``failure(_:)``.
public final class Session {
  public let environment: [String: String]
  /// The options given on the command line; a REPL line's own options are added to them.
  public let baseOptions: GlobalOptions
  let clock: any Clock
  let zone: TimeZone
  private var openService: (path: String, settings: PushSettings, service: RunService)?

  public init(
    options: GlobalOptions, environment: [String: String], clock: any Clock = SystemClock(),
    zone: TimeZone = .current
  ) {
    self.baseOptions = options
    self.environment = environment
    self.clock = clock
    self.zone = zone
  }

  /// Runs one parsed command; never throws.
  public func run(_ invocation: Invocation) -> Output {
    let options = merged(invocation.options)
    guard let command = invocation.command else {
      return Output(stderr: ["cooktimer: no command; type `help`"], status: ExitStatus.usage)
    }
    // An invocation not made by the parser: a case is named as its word.
    let word =
      invocation.word ?? Mirror(reflecting: command).children.first?.label
      ?? String(describing: command)
    do {
      var output = try execute(
        command, word: word,
        CommandContext(
          session: self, options: options, word: word, createsDatabase: command.createsDatabase))
      // Human text is made of recipe, database and argument strings: one escaping rule at
      // the one place every command's text passes (documents stay exact).
      if !options.json && !command.printsDocuments {
        output.stdout = TerminalText.block(output.stdout)
      }
      return output
    } catch {
      return failure(
        error, json: options.json, command: ([word] + invocation.arguments).joined(separator: " "))
    }
  }

  /// Parses and runs one REPL or piped line. Blank lines and `#` comments do nothing.
  public func run(line: String) -> Output {
    do {
      guard let words = try Self.words(ofLine: line) else { return Output() }
      return run(try Self.invocation(words))
    } catch {
      return failure(error, json: baseOptions.json)
    }
  }

  /// The words of a REPL or piped line (shell-like quoting); `nil` for a blank line or a
  /// `#` comment, which do nothing.
  /// - Throws: ``CLIError/usage(_:)`` for an unclosed quote.
  static func words(ofLine line: String) throws -> [String]? {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
    return try splitWords(trimmed)
  }

  /// A line's words parsed, a leading `cooktimer` (pasted from a shell) left out.
  /// - Throws: ``CLIError/usage(_:)`` and the duration and time grammars' errors.
  static func invocation(_ words: [String]) throws -> Invocation {
    try CommandParser.parse(words.first == "cooktimer" ? Array(words.dropFirst()) : words)
  }

  private func merged(_ line: GlobalOptions) -> GlobalOptions {
    var options = baseOptions
    if let v = line.database { options.database = v }
    if let v = line.recipes { options.recipes = v }
    if let v = line.now { options.now = v }
    if line.json { options.json = true }
    if let v = line.topic { options.topic = v }
    if let v = line.onAlarm { options.onAlarm = v }
    if let v = line.alerts { options.alerts = v }
    if let v = line.ring { options.ring = v }
    return options
  }

  /// The application layer on the database the options name, opened once per path, with
  /// the push settings they give (`--topic`, else `$COOKTIMER_TOPIC` or
  /// `$COOKTIMER_BUNDLE_ID`; `--alerts`, else `$COOKTIMER_ALERTS`). Only a command that
  /// writes something new (`start`, `token add`, `send`, …: `creating`) makes the file; any
  /// other finds no database and says so, so a mistyped `--db` never looks like lost timers.
  ///
  /// - Throws: ``CLIError/noDatabase(_:)`` (exit 66) when the file is missing, or the
  ///   PostgreSQL database has no cooktimer schema, and not `creating`;
  ///   ``ServiceError/invalid(_:)`` (64) for a malformed URL; ``ServiceError/database(_:)``
  ///   when it does not open.
  func service(_ options: GlobalOptions, creating: Bool = false) throws -> RunService {
    guard let path = DatabaseLocation.resolve(option: options.database, environment: environment)
    else {
      throw CLIError.io("cannot find a home for the database: set --db PATH or $COOKTIMER_DB")
    }
    let settings = givenSettings(options)
    if let open = openService, open.path == path {
      if open.settings == settings { return open.service }
      open.service.settings = settings
    } else if creating {
      openService = (
        path, settings, try RunService(path: path, clock: clock, zone: zone, settings: settings)
      )
    } else {
      guard
        let service = try RunService.existing(
          at: path, clock: clock, zone: zone, settings: settings)
      else { throw CLIError.noDatabase(DatabaseLocation.shown(path)) }
      openService = (path, settings, service)
    }
    openService?.settings = settings
    let service = openService!.service
    // `--topic` / `--alerts` are kept by every command that opens the database, reads too
    // (docs/cli.md §1.5); variables are in force for this process and kept by its changes.
    try service.keepSettings(topic: options.topic, alertStyle: options.alerts)
    return service
  }

  /// The push settings the options and variables give (`--topic`, else `$COOKTIMER_TOPIC`
  /// or `$COOKTIMER_BUNDLE_ID`; `--alerts`, else `$COOKTIMER_ALERTS`), before any stored
  /// one: all a database not made yet would have.
  func givenSettings(_ options: GlobalOptions) -> PushSettings {
    PushSettings(
      topic: options.topic ?? environment["COOKTIMER_TOPIC"] ?? environment["COOKTIMER_BUNDLE_ID"],
      alertStyle: options.alerts ?? environment["COOKTIMER_ALERTS"].flatMap(AlertStyle.init))
  }

  /// The service if the database is open already or it exists (a server's URL, or a file:
  /// the REPL polls without creating); `nil` when there is none yet.
  /// - Throws: ``ServiceError/database(_:)`` when the file is there but does not open.
  func existingService(_ options: GlobalOptions) throws -> RunService? {
    if let open = openService { return open.service }
    guard let path = DatabaseLocation.resolve(option: options.database, environment: environment),
      DatabaseLocation.isURL(path) || FileManager.default.fileExists(atPath: path)
    else { return nil }
    do {
      return try service(options)
    } catch CLIError.noDatabase {
      return nil  // a PostgreSQL database with no cooktimer schema yet
    }
  }
}

/// Everything a command needs: the session, the merged options, and "now".
struct CommandContext {
  let session: Session
  let options: GlobalOptions
  /// The command's word (`start`), for messages.
  var word = ""
  /// Whether the database may be made (``Command/createsDatabase``).
  var createsDatabase = false

  /// `--now` if given, else the session's clock.
  var now: Instant { options.now ?? session.clock.now() }
  var zone: TimeZone { session.zone }
  var json: Bool { options.json }
  func service() throws -> RunService {
    try session.service(options, creating: createsDatabase)
  }
  /// The terminal's columns when stdout is one (long text wraps to them); `nil` for a pipe
  /// or a file, which get each text on one line as scripts expect.
  var textWidth: Int? { isatty(STDOUT_FILENO) == 1 ? TerminalInfo.size().columns : nil }
}
