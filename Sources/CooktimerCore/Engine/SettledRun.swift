/// A run as it is at an instant (``at``): every timer due by then fired, the timers and
/// steps that follow them started (``Run/settled(at:)``). Only the engine makes one, so a
/// function that takes a `SettledRun` needs no "settle it first" in its documentation and no
/// caller can forget: "is this settled?" is answered by the compiler (issue 24).
public struct SettledRun: Hashable, Sendable {
  /// The run at ``at``.
  public let run: Run
  /// The instant it is settled at (Unix milliseconds): the `now` asked for, or the run's
  /// last change when that is later (history never reorders).
  public let at: Instant
  /// What happened by itself after the run's last change up to ``at``, in order.
  public let events: [RunEvent]
}
