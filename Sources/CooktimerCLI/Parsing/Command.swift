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
  /// `add DURATION [RUN]`: signed milliseconds.
  case add(milliseconds: Int64, run: String?)
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
  case payload(event: PushEventName, run: String?, dismissal: Dismissal?, priority: Int?)
  case contract
  case plan(recipe: String, start: Instant?)
  /// `import FILE|URL [--name NAME] [--force]`: a web page's schema.org Recipe into a
  /// `.cook` file of the recipes folder.
  case importRecipe(source: String, name: String?, force: Bool)
  case outbox(markSent: [Int64])
  case watch
  case help(topic: String?)
  case quit
}

extension Command {
  /// The word that names the command (`pause`, `status`).
  var word: String {
    switch self {
    case .recipes: return "recipes"
    case .show: return "show"
    case .start: return "start"
    case .status: return "status"
    case .pause: return "pause"
    case .resume: return "resume"
    case .next: return "next"
    case .add: return "add"
    case .stop: return "stop"
    case .skip: return "skip"
    case .cancel: return "cancel"
    case .begin: return "begin"
    case .restart: return "restart"
    case .timeline: return "timeline"
    case .content: return "content"
    case .payload: return "payload"
    case .contract: return "contract"
    case .plan: return "plan"
    case .importRecipe: return "import"
    case .outbox: return "outbox"
    case .watch: return "watch"
    case .help: return "help"
    case .quit: return "quit"
    }
  }
}

/// The Live Activity push events (cli.md `payload EVENT`).
public enum PushEventName: String, Equatable, Sendable, CaseIterable {
  case start, update, end
}
