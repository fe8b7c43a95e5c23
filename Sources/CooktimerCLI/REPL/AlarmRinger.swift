import CooktimerCore
import CooktimerStore
import Foundation

/// Rings alarms for the REPL and `watch`: keeps an ``AlarmScheduler`` in step with the
/// database (reloading when another process changed it), prints each alarm with the
/// terminal bell, runs `--on-alarm`, records fired timers, and reports missed alarms once.
final class AlarmRinger {
  let session: Session
  let terminal: TerminalInfo
  private var scheduler = AlarmScheduler()
  private var dataVersion: Int64?
  private var lastPoll = Instant(unixMilliseconds: 0)
  private let hook: AlarmHook?

  init(session: Session, terminal: TerminalInfo) {
    self.session = session
    self.terminal = terminal
    let command = session.baseOptions.onAlarm ?? session.environment["COOKTIMER_ON_ALARM"]
    hook = command.flatMap { $0.isEmpty ? nil : AlarmHook(command: $0) }
  }

  private var store: RunStore? { session.existingStore(session.baseOptions) }

  func activeRuns() -> [Run] { (try? store?.activeRuns()) ?? [] }

  /// Loads the active runs and returns the lines for alarms missed while no cooktimer ran
  /// (reported once: the store's watermark moves past them).
  func start() -> [String] {
    guard let store else { return [] }
    let now = session.clock.now()
    var lines: [String] = []
    for run in activeRuns() {
      guard
        case .advanced(let previous) =
          (try? store.advanceAlarmWatermark(runID: run.id, through: now))
      else {
        continue
      }
      let missed = AlarmScheduler.alarms(
        of: run, after: previous ?? run.startedAt - 1, through: now)
      lines += missed.map { "missed: " + alarmText($0, now: now, zone: session.zone) }
    }
    dataVersion = try? store.dataVersion()
    scheduler.replace(activeRuns(), since: { _ in now })
    persistSettled(at: now)
    return lines
  }

  /// Re-reads the active runs (after a command of ours, or another process's change).
  func reload() {
    guard let store else { return }
    dataVersion = try? store.dataVersion()
    scheduler.replace(activeRuns())
  }

  /// The next instant an alarm is due.
  func nextDeadline() -> Instant? { scheduler.nextDeadline() }

  /// Rings every alarm due by now; notices other processes' changes once a second.
  func ring(print: (String) -> Void) {
    let now = session.clock.now()
    if now - lastPoll >= 1000 {
      lastPoll = now
      if let store, let version = try? store.dataVersion(), version != dataVersion {
        dataVersion = version
        scheduler.replace(activeRuns())
      } else if store != nil, dataVersion == nil {
        reload()
      }
    }
    let due = scheduler.collect(at: now)
    guard !due.isEmpty else { return }
    for alarm in due {
      print(alarmText(alarm, now: now, zone: session.zone))
      hook?.run(alarm)
    }
    if terminal.outputIsTerminal { writeOut("\u{07}") }
    persistSettled(at: now)
  }

  /// Records timers that fired (event log, next due, Live Activity push) so other processes
  /// and the next start-up see them, and moves the stored alarm watermark.
  private func persistSettled(at now: Instant) {
    guard let store else { return }
    for run in activeRuns() {
      let (settled, events) = run.settled(at: now)
      _ = try? store.advanceAlarmWatermark(runID: run.id, through: now)
      guard !events.isEmpty else { continue }
      let context = CommandContext(session: session, options: session.baseOptions)
      _ = try? store.update(runID: run.id) { stored, tx in
        guard stored == run else { return StoreChange(nextDue: stored.nextDue) }
        stored = settled
        stored.lastChange = max(stored.lastChange, now)
        let pushes = try context.pushDrafts(for: stored, events: events, at: now, tx: tx)
        return StoreChange(events: events, nextDue: stored.nextDue, outbox: pushes)
      }
    }
    reload()
  }
}
