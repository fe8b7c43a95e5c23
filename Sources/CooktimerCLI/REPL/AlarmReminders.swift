import CooktimerCore

/// How an alarm rings at the REPL (`--ring`, `$COOKTIMER_RING`): a kitchen timer rings until
/// someone reacts, so `repeat` is the default.
public enum RingMode: String, Sendable {
  case once, `repeat`
}

/// The timer alarms that rang and nobody acknowledged yet, each reminded of every
/// `interval` until the cook reacts: a key at the prompt, `ok`, a change to the run, or an
/// acknowledgement from elsewhere (`POST /v1/runs/{id}/acknowledge`). A run that moved on
/// anywhere — `next`, `restart`, its end, from this REPL or any other front end — is a
/// cook who heard it (issue 26: `next` from the app left the REPL ringing).
///
/// Pure: it takes `now` and never reads a clock.
struct AlarmReminders {
  /// Milliseconds between reminders.
  let interval: Int64
  /// Each alarm, when it is due again, and when the run's step started as the alarm rang
  /// (``Run/stepStartedAt``): a later change of step means the run moved on.
  private(set) var pending: [(alarm: Alarm, next: Instant, step: Instant?)] = []

  init(interval: Int64) {
    self.interval = max(1, interval)
  }

  var isEmpty: Bool { pending.isEmpty }
  var runIDs: Set<String> { Set(pending.map(\.alarm.runID)) }

  /// `alarm` rang at `now`; only a timer's end asks for a reaction.
  /// - Parameter step: the run's ``Run/stepStartedAt`` settled at `now`, if known.
  mutating func rang(_ alarm: Alarm, at now: Instant, step: Instant? = nil) {
    guard alarm.kind == .timerFired else { return }
    pending.append((alarm, now + interval, step))
  }

  /// Drops the alarms of `runID` that rang in another step than the one the run is in now
  /// (it started at `stepStartedAt`): the run moved on (`next`, `restart`, auto-advance).
  mutating func keep(runID: String, stepStartedAt: Instant) {
    pending.removeAll { $0.alarm.runID == runID && $0.step.map { $0 != stepStartedAt } ?? false }
  }

  /// The cook reacted: nothing rings again.
  mutating func acknowledgeAll() { pending = [] }

  /// Drops the alarms of `runID` that fired at or before `through` (its acknowledgement, or
  /// its last change: a cook who acted on the run heard it).
  mutating func acknowledge(runID: String, through: Instant) {
    pending.removeAll { $0.alarm.runID == runID && $0.alarm.at <= through }
  }

  /// Keeps only the alarms of runs still in `active`.
  mutating func keep(runs active: Set<String>) {
    pending.removeAll { !active.contains($0.alarm.runID) }
  }

  /// When the next reminder is due.
  func nextDeadline() -> Instant? { pending.map(\.next).min() }

  /// The alarms to remind of at `now`; each is due again one interval later.
  mutating func due(at now: Instant) -> [Alarm] {
    var alarms: [Alarm] = []
    for i in pending.indices where pending[i].next <= now {
      alarms.append(pending[i].alarm)
      pending[i].next = now + interval
    }
    return alarms
  }
}
