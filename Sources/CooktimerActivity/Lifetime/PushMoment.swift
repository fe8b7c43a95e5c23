import CooktimerCore

/// One push a run's history implies: at which instant, which event, why, to which activity,
/// and the run as it stood then. ``PushRequest/liveActivity(_:)`` turns it into bytes.
public struct PushMoment: Hashable, Sendable {
  /// The instant the push describes (its "now"), Unix ms.
  public var at: Instant
  public var event: PushEvent
  public var cause: PushCause
  /// The activity it goes to (for a start: the one it creates).
  public var activity: Int
  /// The run settled at ``at``.
  public var run: Run

  public init(at: Instant, event: PushEvent, cause: PushCause, activity: Int, run: Run) {
    self.at = at
    self.event = event
    self.cause = cause
    self.activity = activity
    self.run = run
  }

  /// Where it is sent: a start to push-to-start, the rest to its activity's token.
  public var target: PushTarget { event == .start ? .pushToStart : .activity(activity) }
}
