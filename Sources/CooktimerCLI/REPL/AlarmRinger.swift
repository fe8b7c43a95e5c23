import CooktimerCore
import CooktimerLineEditor
import CooktimerService
import Foundation

/// Rings alarms for the REPL and `watch`: keeps an ``AlarmScheduler`` in step with the
/// database (reloading when another process changed it), prints each alarm with the
/// terminal bell, runs `--on-alarm`, records fired timers, and reports missed alarms once.
final class AlarmRinger {
  let session: Session
  let terminal: TerminalInfo
  private var scheduler = AlarmScheduler()
  private var dataVersion: Int64?
  /// Every active run as last read, for `watch` and the farewell; `nil` until one of them
  /// asks (and again after each reload): start-up and ringing never read them all.
  private var held: [Run]?
  /// The active runs with a running timer as last read: the only ones that can ring.
  private var ringable: [Run] = []
  private var lastPoll = Instant(unixMilliseconds: 0)
  private let hook: AlarmHook?
  /// Called when another process changed the database (the REPL refreshes its completions).
  var onReload: (() -> Void)?
  /// Runs that rang but whose firing is not recorded yet.
  private var unrecorded: Set<String> = []
  /// Failures not shown yet, and those said already (the poll retries each second: a
  /// failure that persists is said once).
  private var failures: [String] = []
  private var said: Set<String> = []
  /// Timer alarms still ringing (`--ring repeat`): reminded of until acknowledged.
  private var reminders: AlarmReminders
  private let mode: RingMode

  init(session: Session, terminal: TerminalInfo) {
    self.session = session
    self.terminal = terminal
    let command = session.baseOptions.onAlarm ?? session.environment["COOKTIMER_ON_ALARM"]
    hook = command.flatMap { $0.isEmpty ? nil : AlarmHook(command: $0) }
    mode =
      session.baseOptions.ring ?? session.environment["COOKTIMER_RING"].flatMap(RingMode.init)
      ?? .repeat
    reminders = AlarmReminders(interval: Self.interval(session.environment))
  }

  /// `$COOKTIMER_RING_INTERVAL` seconds between reminders (default 30; fractions allowed,
  /// at least ``shortestInterval``: `0.001` rang the bell 1,000 times a second).
  static func interval(_ environment: [String: String]) -> Int64 {
    guard let text = environment["COOKTIMER_RING_INTERVAL"], let seconds = Double(text),
      seconds > 0, seconds < 86_400
    else { return 30_000 }
    return max(shortestInterval, Int64((seconds * 1000).rounded()))
  }

  /// The shortest time between reminders, in milliseconds.
  static let shortestInterval: Int64 = 250

  /// The service on the database, `nil` while there is none yet (the REPL never makes it).
  private var service: RunService? {
    attempt { try session.existingService(session.baseOptions) } ?? nil
  }

  /// Every active run, read once after each change (`watch` asks every second).
  func activeRuns() -> [Run] {
    if let held { return held }
    let runs = attempt { try service?.activeRunsAsStored() ?? [] } ?? []
    held = runs
    return runs
  }

  /// How many runs are active, and the first `limit` of them (the greeting's list).
  func activeRunsSample(limit: Int) -> (count: Int, first: [Run]) {
    if let held { return (held.count, Array(held.prefix(limit))) }
    guard let service else { return (0, []) }
    let count = attempt { try service.activeRunCount() } ?? 0
    return (count, attempt { try service.activeRuns(first: limit) } ?? [])
  }

  /// How many runs are active and how many timers run at `now`, for the farewell: a count
  /// and the runs that can ring (held already), so leaving reads no run whatever the history.
  func farewellCounts(at now: Instant) -> (runs: Int, runningTimers: Int, runsWithRunning: Int) {
    let runs =
      held?.count ?? service.flatMap { service in attempt { try service.activeRunCount() } } ?? 0
    var timers = 0
    var withRunning = 0
    for run in ringable {
      let running = run.settled(at: now).run.timers.filter {
        if case .running = $0.state { true } else { false }
      }.count
      timers += running
      if running > 0 { withRunning += 1 }
    }
    return (runs, timers, withRunning)
  }

  /// The active runs' ids (tab completion).
  func activeRunIDs() -> [String] {
    if let held { return held.map(\.id) }
    return attempt { try service?.activeRunIDs() ?? [] } ?? []
  }

  /// Reads again the runs that can ring, and forgets the others until asked.
  private func loadRingable() -> [Run] {
    held = nil
    ringable = attempt { try service?.runsThatCanRing() ?? [] } ?? []
    return ringable
  }

  /// Loads the active runs and returns the lines for alarms missed while no cooktimer ran
  /// (reported once: the store's watermark moves past them).
  func start() -> [String] {
    guard let service else { return takeFailures() }
    let now = session.clock.now()
    var lines: [String] = []
    // Only the runs with an alarm that may not have been told (a timer due, or a change
    // since their watermark); a run that waits for the cook has nothing to catch up, and
    // none to catch up writes nothing.
    let untold = attempt { try service.takeUntoldAlarms(through: now) } ?? []
    for entry in untold {
      let run = entry.run
      let missed = AlarmScheduler.alarms(
        of: run, after: entry.toldThrough ?? run.startedAt - 1, through: now)
      lines += missed.map { "missed: " + alarmText($0, now: now, zone: session.zone) }
      let step = run.settled(at: max(now, run.lastChange)).run.stepStartedAt
      for alarm in missed {
        hook?.run(alarm, event: "missed")
        if mode == .repeat { reminders.rang(alarm, at: now, step: step) }
      }
    }
    dataVersion = attempt { try service.changeVersion() }
    scheduler.replace(loadRingable(), since: { _ in now })
    // Renewals of waiting runs' activities are the sender's (it reads the runs due).
    if !untold.isEmpty { persistSettled(at: now, only: Set(untold.map(\.run.id))) }
    let shown = Screenful.lines(lines, rows: TerminalInfo.size().rows) {
      "… and \($0) more missed alarms: `status` lists the runs"
    }
    return takeFailures() + shown
  }

  /// Re-reads the active runs (after a command of ours, or another process's change).
  func reload() {
    guard let service else { return }
    dataVersion = attempt { try service.changeVersion() }
    scheduler.replace(loadRingable())
  }

  /// The next instant an alarm or a reminder is due.
  func nextDeadline() -> Instant? {
    [scheduler.nextDeadline(), reminders.nextDeadline()].compactMap { $0 }.min()
  }

  /// Whether an alarm is still ringing (a key at the prompt acknowledges it).
  var isRinging: Bool { !reminders.isEmpty }

  /// The cook heard the alarms: they stop ringing here, and their acknowledgement is stored
  /// so every other front end stops too. Returns whether anything was ringing.
  @discardableResult
  func acknowledge() -> Bool {
    guard !reminders.isEmpty else { return false }
    let now = session.clock.now()
    if let service {
      for id in reminders.runIDs { _ = attempt { try service.acknowledge(id, at: now) } }
    }
    reminders.acknowledgeAll()
    return true
  }

  /// Waits briefly for `--on-alarm` hooks still running (before the REPL leaves).
  func finishHooks() { hook?.finish(within: 2) }

  /// Stops reminding of runs no longer active, moved on, or acknowledged elsewhere.
  private func refreshReminders() {
    guard !reminders.isEmpty, let service else { return }
    // The ringing runs only: a run that rang waits for the cook, so it may not be ringable.
    // Each carries its acknowledgement, so one read answers both questions.
    let active = attempt { try service.activeRuns(ids: reminders.runIDs) } ?? []
    reminders.keep(runs: Set(active.map(\.id)))
    let now = session.clock.now()
    for run in active where reminders.runIDs.contains(run.id) {
      let settled = run.settled(at: max(now, run.lastChange)).run
      reminders.keep(runID: run.id, stepStartedAt: settled.stepStartedAt)
      if let at = run.acknowledgedUntil { reminders.acknowledge(runID: run.id, through: at) }
    }
  }

  /// Rings every alarm due by now; notices other processes' changes once a second.
  /// Recording what fired waits for a quiet moment, so a write never delays the next alarm.
  func ring(print: (String) -> Void) {
    let now = session.clock.now()
    if now - lastPoll >= 1000 {
      lastPoll = now
      // One cheap query a second; the runs are read again only when another process committed.
      let service = self.service
      if let service, let version = attempt({ try service.changeVersion() }), version != dataVersion
      {
        dataVersion = version
        scheduler.replace(loadRingable())
        refreshReminders()
        onReload?()
      } else if service != nil, dataVersion == nil {
        reload()
      }
    }
    for line in takeFailures() { print(line) }
    let due = scheduler.collect(at: now)
    for alarm in due {
      print(alarmText(alarm, now: now, zone: session.zone))
      hook?.run(alarm)
      if mode == .repeat { reminders.rang(alarm, at: now, step: stepStarted(alarm.runID, at: now)) }
    }
    let again = reminders.due(at: now)
    let reminded = again.map {
      "reminder: " + alarmText($0, now: now, zone: session.zone, followUp: false) + Self.howToStop
    }
    for line in Screenful.lines(reminded, rows: TerminalInfo.size().rows, rest: Self.moreRinging) {
      print(line)
    }
    for alarm in again { hook?.run(alarm, event: "reminder") }
    if !(due.isEmpty && again.isEmpty) && terminal.outputIsTerminal { writeOut("\u{07}") }
    unrecorded.formUnion(due.map(\.runID))
    if !unrecorded.isEmpty, scheduler.nextDeadline().map({ $0 - now > 50 }) ?? true {
      persistSettled(at: now, only: unrecorded)
      unrecorded = []
    }
  }

  /// When the step the run is in at `now` started, from the runs last read.
  private func stepStarted(_ runID: String, at now: Instant) -> Instant? {
    guard let run = ringable.first(where: { $0.id == runID }) else { return nil }
    return run.settled(at: max(now, run.lastChange)).run.stepStartedAt
  }

  static let howToStop = " · any key or `ok` stops the ring"

  /// The line for the reminders beyond a screenful.
  static func moreRinging(_ count: String) -> String {
    "reminder: … and \(count) more alarms ring" + howToStop
  }

  /// Records timers that fired (event log, next due, Live Activity pushes) so other
  /// processes and the next start-up see them, and moves the stored alarm watermark —
  /// one transaction for all the runs that rang.
  private func persistSettled(at now: Instant, only ids: Set<String>? = nil) {
    guard let service else { return }
    do {
      try service.catchUpAll(through: now, only: ids, notified: true)
    } catch {
      // Shown, not swallowed: the alarm rang, but other processes will not see it recorded.
      note(error)
    }
    reload()
  }

  /// `body`'s value, or `nil` with its failure noted to be shown as one line.
  private func attempt<T>(_ body: () throws -> T) -> T? {
    do {
      return try body()
    } catch {
      note(error)
      return nil
    }
  }

  private func takeFailures() -> [String] {
    defer { failures = [] }
    return failures
  }

  private func note(_ error: any Error) {
    let line = session.failure(error, json: false).stderr.joined(separator: " / ")
    guard said.insert(line).inserted else { return }
    failures.append(line)
  }
}
