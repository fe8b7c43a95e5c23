import CooktimerCore

/// Choices for a push request; the defaults follow docs/live-activity.md §3.
public struct PushOptions: Hashable, Sendable {
  /// Overrides the priority of the push's rule (``PushRule``).
  public var priority: PushPriority?
  /// For `end`: when the activity leaves the Lock Screen; `nil` for the cause's default
  /// (``PushRule/dismissal(for:at:)``).
  public var dismissal: Dismissal?
  /// The app's `ActivityAttributes` type name, sent as `attributes-type` on start.
  public var attributesType: String
  /// Why the push is sent; `nil` for a preview, which takes the cause the run's state implies
  /// (``PushCause/implied(by:event:)``).
  public var cause: PushCause?
  /// The activity the push belongs to (in the start's attributes and collapse id).
  public var activity: Int
  /// Text in the recipe's language, or localization keys.
  public var alertStyle: AlertStyle
  /// The `apns-id` header (a UUID); `nil` leaves it to the sender.
  public var apnsID: String?
  /// The run's `relevance-score` while running, from its place among the device's runs
  /// (``RelevanceRanking``); `nil`: the run scored alone (§3.7's minutes rule).
  public var runningScore: Double?

  public init(
    priority: PushPriority? = nil, dismissal: Dismissal? = nil,
    attributesType: String = "CookingTimerAttributes", cause: PushCause? = nil,
    activity: Int = 1, alertStyle: AlertStyle = .text, apnsID: String? = nil,
    runningScore: Double? = nil
  ) {
    self.runningScore = runningScore
    self.priority = priority
    self.dismissal = dismissal
    self.attributesType = attributesType
    self.cause = cause
    self.activity = activity
    self.alertStyle = alertStyle
    self.apnsID = apnsID
  }
}

extension PushCause {
  /// The cause a preview of `event` for `run` (settled) stands for: a start is a run
  /// started; an update or end of a run waiting after a fire, or finished by itself, is that
  /// fire; anything else echoes the cook.
  public static func implied(by run: Run, event: PushEvent) -> PushCause {
    if event == .start { return .runStarted }
    switch run.phase {
    case .waiting, .finished:
      guard let since = run.idleSince ?? run.endedAt else { return .cook(.next) }
      let fired = run.timers.filter { $0.state == .fired(at: since) }.map(\.name)
      return fired.isEmpty ? .cook(.next) : .timersFired(fired)
    case .stopped: return .cook(.stop)
    case .running, .paused: return .cook(.resume)
    }
  }
}
