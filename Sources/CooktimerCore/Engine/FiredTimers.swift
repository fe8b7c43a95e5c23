import CooktimerCore

/// A timer that fired: its index in ``Run/timers`` and the instant it fired (its end date).
public struct FiredTimer: Hashable, Sendable {
  public var timer: Int
  public var at: Instant

  public init(timer: Int, at: Instant) {
    self.timer = timer
    self.at = at
  }
}

/// "What fired", the one rule every front end tells it by (issue 24: the REPL's ringing, the
/// server's `fired` events and the sender each had their own; in the core, so the Live
/// Activity pushes (``ActivityPushes``) follow it too): the timers of a run that
/// fired in `(after, through]`, as the run settles at `through`. A timer counts at the
/// instant it fired, so a fire another process already recorded (a later change settled
/// it) counts too, and a fire at or before `after` — told already — does not.
public enum FiredTimers {
  /// The timers of `run` that fired after `after` and at or before `through`, in timer
  /// order (instants are Unix milliseconds).
  public static func of(_ run: Run, after: Instant, through: Instant) -> [FiredTimer] {
    let settled = run.settled(at: max(through, run.lastChange)).run
    return fired(in: settled, after: after, through: through)
  }

  /// As ``of(_:after:through:)`` for a run already settled at `through` or later.
  public static func fired(in settled: Run, after: Instant, through: Instant) -> [FiredTimer] {
    settled.timers.indices.compactMap { t in
      guard case .fired(let at) = settled.timers[t].state, at > after, at <= through else {
        return nil
      }
      return FiredTimer(timer: t, at: at)
    }
  }
}
