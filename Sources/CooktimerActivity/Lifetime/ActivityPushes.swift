import CooktimerCore

/// Which pushes a run's history implies — the one rule shared by `plan`, the outbox and
/// the sender (docs/live-activity.md §3–4). Pure: it takes instants, never reads a clock.
public enum ActivityPushes {
  /// What happened to `run` by itself in (`after`, `through`]: each instant at which timers
  /// fired gives one push (several timers at once: one push), and each renewal of the
  /// activity gives a `start` for the fresh one, then an `end` for the old — or, for a run
  /// left idle past ``ActivityLifetime/abandonAfter``, one `end` and no renewal. At one
  /// instant the renewal comes first, so the fire goes to the new activity.
  ///
  /// - Parameters:
  ///   - run: the run as last stored (settled up to its `lastChange`).
  ///   - settledAtEnd: `run` settled at `through`, when the caller has it already.
  ///   - lifetime: its activity, updated as renewals and ends happen.
  public static func leftAlone(
    _ run: Run, settledAtEnd: Run? = nil, lifetime: inout ActivityLifetime, after: Instant,
    through: Instant
  ) -> [PushMoment] {
    guard through > after else { return [] }
    // Renewals before `after` were recorded when they happened (or predate this record).
    while let due = lifetime.renewalDue, due <= after { lifetime.replace(at: due) }
    // The caller's settling at `through` when it has one (a change settles its run once).
    let end = settledAtEnd ?? run.settled(at: through).run
    // What fired is the one rule's (``FiredTimers``), as the REPL rings and the server tells.
    let fired = FiredTimers.fired(in: end, after: after, through: through)
    var fires = Array(Set(fired.map(\.at))).sorted()[...]
    var moments: [PushMoment] = []
    while true {
      let renewal = lifetime.renewalDue.flatMap { $0 > after && $0 <= through ? $0 : nil }
      if let renewal, fires.first.map({ renewal <= $0 }) ?? true {
        moments += renew(run.settled(at: renewal).run, lifetime: &lifetime, at: renewal)
      } else if let fire = fires.popFirst() {
        let names = fired.filter { $0.at == fire }.map { end.timers[$0.timer].name }
        moments += change(
          run.settled(at: fire).run, cause: .timersFired(names), lifetime: &lifetime, at: fire)
      } else {
        return moments
      }
    }
  }

  /// The push of a change made at `at` (a start, the cook's action, or fired timers):
  /// `start` for a new run or when no activity is alive any more (the run was abandoned
  /// and the cook came back), `end` once the run has ended, `update` otherwise. Nothing
  /// when the run has ended with no activity alive.
  ///
  /// - Parameter run: the run after the change, settled at `at`.
  public static func change(
    _ run: Run, cause: PushCause, lifetime: inout ActivityLifetime, at: Instant
  ) -> [PushMoment] {
    if cause == .runStarted {
      lifetime = ActivityLifetime(startedAt: at, span: lifetime.span)
      return [PushMoment(at: at, event: .start, cause: cause, activity: 1, run: run)]
    }
    guard lifetime.isAlive else {
      guard run.isActive else { return [] }
      lifetime.begin(at: at)
      return [
        PushMoment(at: at, event: .start, cause: cause, activity: lifetime.activity, run: run)
      ]
    }
    let event: PushEvent = run.isActive ? .update : .end
    if !run.isActive { lifetime.isAlive = false }
    return [PushMoment(at: at, event: event, cause: cause, activity: lifetime.activity, run: run)]
  }

  /// Renewal at `at` of the activity of `run` (settled there).
  private static func renew(
    _ run: Run, lifetime: inout ActivityLifetime, at: Instant
  ) -> [PushMoment] {
    let old = lifetime.activity
    guard run.isActive, !lifetime.isAbandoned(run, at: at) else {
      lifetime.isAlive = false
      return [PushMoment(at: at, event: .end, cause: .abandoned, activity: old, run: run)]
    }
    lifetime.replace(at: at)
    return [
      PushMoment(
        at: at, event: .start, cause: .activityReplaced, activity: lifetime.activity, run: run),
      PushMoment(at: at, event: .end, cause: .activityRetired, activity: old, run: run),
    ]
  }
}
