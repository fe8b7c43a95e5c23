import CooktimerCore
import CooktimerLineEditor
import CooktimerService
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `watch`: the active runs' countdowns with progress bars, redrawn the instant a shown
/// second changes (aligned to the end dates' fractions, not to a tick), resized with the
/// terminal. Keys: `p` pause/resume, `n` next, `+` add 1 min, Tab next run, `q` or Ctrl-C back.
struct WatchView {
  let session: Session
  let ringer: AlarmRinger
  let terminal: TerminalInfo

  /// Shows the view until `q`/Ctrl-C. Returns the signal that asks the whole program to end
  /// (SIGTERM, SIGHUP) once the terminal is restored, or `nil`.
  @discardableResult
  func run() -> Int32? {
    var rang: [String] = []
    let signal = show(&rang)
    // What rang meanwhile stays in the scrollback, below the prompt's earlier lines.
    for line in rang { writeOut(line + "\n") }
    return signal
  }

  private func show(_ rang: inout [String]) -> Int32? {
    var saved = termios()
    tcgetattr(STDIN_FILENO, &saved)
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    tcsetattr(STDIN_FILENO, TCSANOW, &raw)
    // The alternate screen keeps the REPL's scrollback intact; the cursor hides meanwhile.
    writeOut("\u{1b}[?1049h\u{1b}[?25l")
    defer {
      tcsetattr(STDIN_FILENO, TCSANOW, &saved)
      writeOut("\u{1b}[?25h\u{1b}[?1049l")
    }
    var finishing: String?  // a run whose last step `n` would finish: asks once more
    var selected = 0
    var messages: [String] = []
    while true {
      ringer.ring { line in
        messages = Array((messages + [line]).suffix(3))
        if !line.hasPrefix("reminder: ") { rang.append(line) }
      }
      let now = session.clock.now()
      let runs = ringer.activeRuns().map { $0.settled(at: now).run }
      selected = runs.isEmpty ? 0 : selected % runs.count
      draw(runs, selected: selected, messages: messages, now: now)
      guard let key = waitForKey(until: nextRedraw(runs, now: now)) else { continue }
      ringer.acknowledge()  // any key is the cook's reaction
      let target = runs.isEmpty ? nil : runs[selected]
      switch key {
      case "q", "Q", "\u{03}", "\u{1b}": return nil
      case "\u{100}": return SIGTERM  // not a key: waitForKey saw SIGTERM or SIGHUP
      case "\t": selected += 1
      case "p", "P", " ":
        guard let run = target else { continue }
        messages += perform(run.phase == .paused ? .resume : .pause, on: run.id)
      case "n", "N":
        guard let run = target else { continue }
        if run.phase == .paused {
          messages.append("\(run.id) is paused: press p to resume first")
        } else if run.stepNumber == run.stepCount && finishing != run.id {
          finishing = run.id
          messages.append(
            "\(run.id): last step — press n again to finish (live timers are cancelled)")
        } else {
          finishing = nil
          messages += perform(.next, on: run.id)
        }
      case "+":
        guard let run = target else { continue }
        messages += perform(.add(milliseconds: 60_000), on: run.id)
      default: continue
      }
      if key != "n" && key != "N" { finishing = nil }
      messages = Array(messages.suffix(4))
      ringer.reload()
    }
  }

  /// Sends `action` to the service; the lines it prints become messages (the cancelled
  /// timers included).
  private func perform(_ action: RunAction, on id: String) -> [String] {
    let output = session.perform(action, on: id)
    return output.stdout.split(separator: "\n").map(String.init) + output.stderr
  }

  /// The next instant a shown second changes or an alarm is due.
  private func nextRedraw(_ runs: [Run], now: Instant) -> Instant {
    var next = now + 1000
    for run in runs {
      for t in run.timers.indices {
        guard case .running(let end) = run.timers[t].state, end > now else { continue }
        let fraction = (end - now) % 1000
        next = min(next, now + (fraction == 0 ? 1000 : fraction))
      }
    }
    if let due = ringer.nextDeadline() { next = min(next, max(now, due)) }
    return next
  }

  /// Waits for a key until `deadline`; `nil` on time-out. SIGINT means "leave", SIGWINCH redraws.
  private func waitForKey(until deadline: Instant) -> Character? {
    let ready = AlarmWait.wait(
      for: [STDIN_FILENO, SignalPipe.readEnd], until: deadline, clock: session.clock)
    if ready[1] != 0 {
      let signals = SignalPipe.drain()
      if signals.contains(SIGTERM) || signals.contains(SIGHUP) { return "\u{100}" }
      if signals.contains(SIGINT) { return "q" }
      return nil
    }
    guard ready[0] != 0 else { return nil }
    var byte: UInt8 = 0
    guard read(STDIN_FILENO, &byte, 1) == 1 else { return "q" }
    return Character(UnicodeScalar(byte))
  }

  private func draw(_ runs: [Run], selected: Int, messages: [String], now: Instant) {
    let terminalSize = TerminalInfo.size()
    let width = max(40, terminalSize.columns)
    var header = [
      "cooktimer watch — \(clockTime(now, in: session.zone))   p pause/resume · n next · + 1 min · Tab run · q back",
      "",
    ]
    var blocks: [[String]] = []
    for (i, run) in runs.enumerated() {
      let marker = i == selected ? "›" : " "
      var block = [
        "\(marker) \(run.id)  \(TerminalText.line(run.recipe.title)) — step \(run.stepNumber) of \(run.stepCount), \(run.phase.rawValue)",
        "    " + TerminalText.line(run.step.text),
      ]
      for t in run.timers.indices
      where run.timers[t].isLive
        || run.timers[t].state == .waiting && run.timers[t].step == run.stepIndex
      {
        block.append("    " + timerLine(run, t, now: now, width: width - 4))
      }
      blocks.append(block + [""])
    }
    if runs.isEmpty { header.append("No active runs.") }
    // Taller than the terminal: the selected run comes first, the rest as room allows.
    let room = max(3, terminalSize.rows - header.count - messages.count)
    var body: [String] = []
    var shown = 0
    var listed = 0
    let fits = blocks.reduce(0) { $0 + $1.count } <= room
    let order = fits ? Array(blocks.indices) : blocks.indices.map { (selected + $0) % blocks.count }
    for i in order {
      guard shown + blocks[i].count <= room || listed == 0 else {
        let more = blocks.count - listed
        body.append("… \(more == 1 ? "1 more run" : "\(more) more runs"): Tab shows the next")
        break
      }
      body += blocks[i]
      shown += blocks[i].count
      listed += 1
    }
    // One run with more timers than rows still leaves the header on the screen.
    let screenWidth = max(1, terminalSize.columns)
    let lines = WatchScreen.fit(
      header: header, body: body, messages: messages, width: screenWidth,
      rows: terminalSize.rows)
    let frame = lines.map { WatchScreen.cut(TerminalText.block($0), to: screenWidth) }
    writeOut("\u{1b}[H" + frame.joined(separator: "\u{1b}[K\n") + "\u{1b}[K\u{1b}[J")
  }

  private func timerLine(_ run: Run, _ t: Int, now: Instant, width: Int) -> String {
    let name = String(label(run, t).prefix(16)).rightPad(16)
    let total = max(1, run.timers[t].totalDuration)
    let left = run.remaining(ofTimer: t, at: now) ?? total
    let countdown = DurationText.countdown(left).leftPad(8)
    let barWidth = max(10, width - 30)
    let filled = Int(Double(barWidth) * Double(total - left) / Double(total))
    let bar =
      String(repeating: "█", count: max(0, min(barWidth, filled)))
      + String(repeating: "░", count: max(0, barWidth - filled))
    return "\(name) \(countdown) \(bar)"
  }
}
