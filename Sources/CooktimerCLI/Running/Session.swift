import CooktimerActivity
import CooktimerCore
import CooktimerService
import CooktimerStore
import Foundation

/// Runs commands: one per process for argv, many for the REPL and piped input.
///
/// Opens the store lazily (commands such as `show` and `contract` never touch it) and turns
/// every error into one message line and an exit status in ``failure(_:)``.
public final class Session {
  public let environment: [String: String]
  /// The options given on the command line; a REPL line's own options are added to them.
  public let baseOptions: GlobalOptions
  let clock: any Clock
  let zone: TimeZone
  private var openStore: (path: String, store: RunStore)?
  private var openService: (path: String, options: PushSettings, service: RunService)?

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
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    if trimmed.isEmpty || trimmed.hasPrefix("#") { return Output() }
    do {
      let words = try splitWords(trimmed)
      let words2 = words.first == "cooktimer" ? Array(words.dropFirst()) : words
      return run(try CommandParser.parse(words2))
    } catch {
      return failure(error, json: baseOptions.json)
    }
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

  /// The store at the path the options name, opened once per path. Only a command that
  /// writes something new (`start`, `token add`, `send`, …: `creating`) makes the file; any
  /// other finds no database and says so, so a mistyped `--db` never looks like lost timers.
  ///
  /// - Throws: ``CLIError/noDatabase(_:)`` (exit 66) when the file is missing and not
  ///   `creating`; the store's errors.
  func store(_ options: GlobalOptions, creating: Bool = false) throws -> RunStore {
    guard let path = DatabasePath.resolve(option: options.database, environment: environment)
    else {
      throw CLIError.io("cannot find a home for the database: set --db PATH or $COOKTIMER_DB")
    }
    if let open = openStore, open.path == path { return open.store }
    if !creating && !RunStore.isURL(path) && !FileManager.default.fileExists(atPath: path) {
      throw CLIError.noDatabase(path)
    }
    let store = try RunStore.open(location: path)
    openStore = (path, store)
    return store
  }

  /// The application layer on the store the options name, with the push settings they give
  /// (`--topic`, else `$COOKTIMER_TOPIC` or `$COOKTIMER_BUNDLE_ID`; `--alerts`, else
  /// `$COOKTIMER_ALERTS`), made once per store.
  func service(_ options: GlobalOptions, creating: Bool = false) throws -> RunService {
    let store = try store(options, creating: creating)
    let settings = PushSettings(
      topic: options.topic ?? environment["COOKTIMER_TOPIC"] ?? environment["COOKTIMER_BUNDLE_ID"],
      alertStyle: options.alerts ?? environment["COOKTIMER_ALERTS"].flatMap(AlertStyle.init))
    if let open = openService, open.path == openStore?.path, open.options == settings {
      return open.service
    }
    let service = RunService(store: store, clock: clock, zone: zone, settings: settings)
    // `--topic` / `--alerts` are kept by every command that opens the database, reads too
    // (docs/cli.md §1.5); variables are in force for this process and kept by its changes.
    try service.keepSettings(topic: options.topic, alertStyle: options.alerts)
    openService = (openStore?.path ?? "", settings, service)
    return service
  }

  /// The store if one is open already or the file exists (the REPL polls without creating);
  /// `nil` when there is none yet.
  /// - Throws: `StoreError` when the file is there but does not open.
  func existingStore(_ options: GlobalOptions) throws -> RunStore? {
    if let open = openStore { return open.store }
    guard let path = DatabasePath.resolve(option: options.database, environment: environment),
      RunStore.isURL(path) || FileManager.default.fileExists(atPath: path)
    else { return nil }
    return try store(options)
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
  func store() throws -> RunStore { try session.store(options, creating: createsDatabase) }
  func service() throws -> RunService {
    try session.service(options, creating: createsDatabase)
  }
  /// The terminal's columns when stdout is one (long text wraps to them); `nil` for a pipe
  /// or a file, which get each text on one line as scripts expect.
  var textWidth: Int? { isatty(STDOUT_FILENO) == 1 ? TerminalInfo.size().columns : nil }
}
