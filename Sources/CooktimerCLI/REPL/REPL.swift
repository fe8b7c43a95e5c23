import CooktimerCore
import CooktimerLineEditor
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The interactive prompt: reads commands with line editing while ringing every timer of
/// every run at its end date (also of runs changed by another cooktimer process).
final class REPL {
  let session: Session
  let terminal: TerminalInfo
  let editor: LineEditor
  let alarms: AlarmRinger
  private var done = false
  private var exitStatus: Int32 = 0
  private var watchRequested = false
  /// A key of the line being typed stopped a ringing alarm (so `ok` says it did).
  private var stoppedByKey = false

  init(session: Session, terminal: TerminalInfo) {
    self.session = session
    self.terminal = terminal
    editor = LineEditor(prompt: "cooktimer> ", historyPath: REPL.historyPath(session.environment))
    alarms = AlarmRinger(session: session, terminal: terminal)
  }

  /// `--now` would stop the REPL's clock: nothing would ring. Refused at start-up (exit 64)
  /// and on a line; one-shot commands and piped lines take it.
  static let nowRefused = CLIError.usage(
    "--now does not work at the REPL: it stops the clock, so no alarm would ring; give it to "
      + "one-shot commands (`cooktimer status --now TIME`)")

  /// Whether `line` parses with a `--now` option.
  static func givesNow(_ line: String) -> Bool {
    guard let words = try? splitWords(line), let invocation = try? CommandParser.parse(words)
    else { return false }
    return invocation.options.now != nil
  }

  /// `$XDG_STATE_HOME/cooktimer/history`, else `~/.local/state/cooktimer/history`.
  static func historyPath(_ env: [String: String]) -> String? {
    if let state = env["XDG_STATE_HOME"], !state.isEmpty { return state + "/cooktimer/history" }
    guard let home = env["HOME"], !home.isEmpty else { return nil }
    return home + "/.local/state/cooktimer/history"
  }

  func run() -> Int32 {
    SignalPipe.install()
    writeOut(greeting() + "\n")
    for line in alarms.start() { writeOut(line + "\n") }
    refreshCompletions()
    editor.onLine = { [unowned self] line in self.handle(line) }
    alarms.onReload = { [unowned self] in self.refreshCompletions() }
    editor.install()
    while !done {
      alarms.ring(print: editor.printAbove)
      if watchRequested {
        watchRequested = false
        editor.remove()
        if let signal = WatchView(session: session, ringer: alarms, terminal: terminal).run() {
          editor.saveHistory()
          exit(128 + signal)
        }
        editor.install()
        continue
      }
      waitForInput(until: alarms.nextDeadline())
    }
    editor.remove()
    editor.saveHistory()
    return exitStatus
  }

  /// Blocks until a key, a signal, the alarm deadline, or one second (to notice other processes).
  private func waitForInput(until deadline: Instant?) {
    let ready = AlarmWait.wait(
      for: [STDIN_FILENO, SignalPipe.readEnd], until: deadline, clock: session.clock)
    if ready[1] != 0 { handleSignals() }
    if ready[0] & Int16(POLLIN | POLLHUP) != 0 {
      // Any key is the cook's reaction: the ring stops (the key still types).
      if alarms.acknowledge() { stoppedByKey = true }
      editor.readCharacter()
    }
  }

  private func handleSignals() {
    for sig in SignalPipe.drain() {
      switch sig {
      case SIGINT: editor.cancelLine()
      case SIGTERM, SIGHUP:
        editor.remove()
        editor.saveHistory()
        writeOut("\n")
        exit(128 + sig)
      default: continue
      }
    }
  }

  private func handle(_ line: String?) {
    defer { stoppedByKey = false }
    guard let line else {
      editor.remove()  // before readline shows another prompt
      writeOut("\n" + farewell() + "\n")
      alarms.finishHooks()
      done = true
      return
    }
    switch CommandSpec.atPrompt(line) {
    case .leave?:
      editor.remove()
      writeOut(farewell() + "\n")
      alarms.finishHooks()
      done = true
      return
    case .watch?:
      watchRequested = true
      return
    case .acknowledge?:
      let stopped = alarms.acknowledge() || stoppedByKey
      writeOut(stopped ? "Ring stopped.\n" : "No alarm is ringing.\n")
      return
    case nil: break
    }
    if Self.givesNow(line) {
      for message in session.failure(Self.nowRefused, json: false).stderr {
        writeOut(message + "\n", to: STDERR_FILENO)
      }
      return
    }
    let output = session.run(line: line)
    // Warnings (a recipe's) read before the result they qualify.
    for message in output.stderr { writeOut(message + "\n", to: STDERR_FILENO) }
    if !output.stdout.isEmpty { writeOut(output.stdout) }
    alarms.reload()
    refreshCompletions()
  }

  private func greeting() -> String {
    let recipes = session.catalog(session.baseOptions).names().count
    var text =
      "cooktimer — \(recipes) recipes. Type `help`, `recipes`, or `start NAME`; Ctrl-D leaves."
    let rows = TerminalInfo.size().rows
    let sample = alarms.activeRunsSample(limit: ActiveRunsSummary.readAtMost(rows: rows))
    let summary = ActiveRunsSummary.lines(
      sample.first, of: sample.count, rows: rows, now: session.clock.now())
    for line in summary { text += "\n" + line }
    return text
  }

  private func farewell() -> String {
    let now = session.clock.now()
    let timers = alarms.activeRuns().flatMap { $0.settled(at: now).run.timers }
    let running = timers.filter { if case .running = $0.state { true } else { false } }.count
    let paused = timers.filter { if case .paused = $0.state { true } else { false } }.count
    var parts: [String] = []
    if running > 0 {
      parts.append(running == 1 ? "1 timer keeps running" : "\(running) timers keep running")
    }
    if paused > 0 {
      parts.append(paused == 1 ? "1 timer stays paused" : "\(paused) timers stay paused")
    }
    guard !parts.isEmpty else { return "Bye." }
    return "Bye. " + parts.joined(separator: ", ") + "; `cooktimer` shows them again."
  }

  private func refreshCompletions() {
    var words = CompletionWords()
    words.recipes = session.catalog(session.baseOptions).completionWords()
    words.runs = alarms.activeRunIDs()
    editor.completions = { words.candidates(after: $0) }
  }
}
