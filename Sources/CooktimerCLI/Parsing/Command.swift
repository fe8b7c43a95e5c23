import CooktimerActivity
import CooktimerCore

/// One command, as typed after `cooktimer` or at the REPL prompt (cli.md "Commands").
public enum Command: Equatable, Sendable {
  case recipes
  case show(recipe: String)
  /// `start RECIPE [--auto-advance] [--prose-timers]`; with `proseTimers` the durations
  /// the steps name in words run as their timers.
  case start(recipe: String, autoAdvance: Bool, proseTimers: Bool = false)
  case status(run: String?)
  case pause(run: String?)
  case resume(run: String?)
  case next(run: String?)
  /// `add DURATION [TIMER] [RUN]`: signed milliseconds, on the shown timer or on TIMER (its
  /// number in `status` or its name). A lone word after the duration is the RUN when a run
  /// has that id, else the TIMER of the only active run (decided when it runs).
  case add(milliseconds: Int64, timer: String? = nil, run: String?)
  case stop(run: String?)
  /// `skip TIMER [RUN]`, `cancel TIMER [RUN]`: a timer by its number in `status` or its name.
  case skip(timer: String, run: String?)
  case cancel(timer: String, run: String?)
  /// `begin TIMER [DURATION | until TIME] [RUN]`: start a waiting timer now (a length for
  /// one without); `until 18:42` / `at 6:42pm` is resolved against "now" when it runs.
  case begin(timer: String, milliseconds: Int64?, until: String?, run: String?)
  case restart(run: String?)
  case timeline(run: String?)
  case content(run: String?)
  case payload(event: PushEvent, run: String?, dismissal: Dismissal?, priority: Int?)
  /// `contract [--api] [--attributes-type NAME]`: the app's Live Activity type, or with
  /// `--api` the HTTP API's bodies (the files of the two library products).
  case contract(api: Bool, attributesType: String?)
  /// `strings [--locale LANG]`: the app's string table for `--alerts loc-keys`.
  case strings(locale: String?)
  case plan(recipe: String, start: Instant?)
  /// `import FILE|URL [--name NAME] [--force]`: a web page's schema.org Recipe into a
  /// `.cook` file of the recipes folder.
  case importRecipe(source: String, name: String?, force: Bool)
  case outbox(markSent: [Int64], page: OutboxPage = OutboxPage())
  /// `token add|list|remove`: the phone's push tokens.
  case token(TokenCommand)
  /// `send [--once] [--apns-…]`: deliver the outbox to APNs.
  case send(SendOptions)
  /// `deliveries`: every attempt to send a push.
  case deliveries
  case watch
  case help(topic: String?)
  /// `version`, `--version`: the program's version.
  case version
  case quit
  /// `ok [RUN]`: the run's alarms were heard; every front end stops ringing them.
  case ok(run: String?)
  /// `serve [--listen HOST:PORT] [--no-send]`: the HTTP API (docs/api.md) until SIGTERM.
  case serve(
    listen: String?, send: Bool, sendOptions: SendOptions = SendOptions(),
    tls: ServeTLSChoice = .none, proxy: ServeProxyOptions = ServeProxyOptions())
  /// `apikey create [--name N]`, `apikey list`, `apikey revoke NAME`.
  case apikey(APIKeyCommand)
  /// `migrate --to URL`: this SQLite database copied into an empty PostgreSQL one.
  case migrate(to: String)
}

/// What `apikey` does (docs/api.md §2).
public enum APIKeyCommand: Equatable, Sendable {
  case create(name: String?)
  case list
  case revoke(name: String)
}

/// Which pending pushes `outbox` lists: at most `limit` (default 1000), after id `after`.
public struct OutboxPage: Equatable, Sendable {
  public var limit: Int?
  public var after: Int64?

  public init(limit: Int? = nil, after: Int64? = nil) {
    self.limit = limit
    self.after = after
  }
}

extension Command {
  /// Commands whose standard output is a document (JSON, JSON lines) even without `--json`:
  /// printed exactly, never through ``TerminalText``.
  var printsDocuments: Bool {
    switch self {
    case .content, .payload, .plan: return true
    case .outbox(let ids, _): return ids.isEmpty
    default: return false
    }
  }
}
