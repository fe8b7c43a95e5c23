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
    // The line is split once and parsed once: what the REPL does itself is judged by the
    // first word, the rest runs as parsed.
    let words: [String]
    do {
      guard let split = try Session.words(ofLine: line) else { return }
      words = split
    } catch {
      return show(session.failure(error, json: session.baseOptions.json))
    }
    switch CommandSpec.atPrompt(words: words) {
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
    let invocation: Invocation
    do {
      invocation = try Session.invocation(words)
    } catch {
      return show(session.failure(error, json: session.baseOptions.json))
    }
    if invocation.options.now != nil {
      return show(session.failure(Self.nowRefused, json: false))
    }
    show(session.run(invocation))
    alarms.reload()
    refreshCompletions()
  }

  /// A command's output: warnings (a recipe's) first, as they qualify the result.
  private func show(_ output: Output) {
    for message in output.stderr { writeOut(message + "\n", to: STDERR_FILENO) }
    if !output.stdout.isEmpty { writeOut(output.stdout) }
  }

  private func greeting() -> String {
    let recipes = session.catalog(session.baseOptions).names().count
    var text =
      "cooktimer — \(recipes) \(recipes == 1 ? "recipe" : "recipes"). Type `help`, `recipes`, "
      + "or `start NAME`; Ctrl-D leaves."
    let rows = TerminalInfo.size().rows
    let sample = alarms.activeRunsSample(limit: ActiveRunsSummary.readAtMost(rows: rows))
    let summary = ActiveRunsSummary.lines(
      sample.first, of: sample.count, rows: rows, now: session.clock.now())
    for line in summary { text += "\n" + line }
    return text
  }

  /// "Bye." with what goes on without the REPL: from a count and the runs that can ring
  /// (held for ringing), never a read of every run.
  private func farewell() -> String {
    let counts = alarms.farewellCounts(at: session.clock.now())
    let waiting = max(0, counts.runs - counts.runsWithRunning)
    var parts: [String] = []
    if counts.runningTimers > 0 {
      parts.append(
        counts.runningTimers == 1
          ? "1 timer keeps running" : "\(counts.runningTimers) timers keep running")
    }
    if waiting > 0 {
      parts.append(
        waiting == 1 ? "1 run stays paused or waiting" : "\(waiting) runs stay paused or waiting")
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
