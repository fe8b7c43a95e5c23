/// Assumptions of a push plan.
public struct PlanOptions: Hashable, Sendable {
  /// How long the cook takes to move on from a step that waits for them (an untimed step,
  /// or a timer without a duration), in milliseconds: `next` is assumed this long after the
  /// run begins waiting. Default 60 000 (one minute), so the "waiting" push comes first.
  public var untimedStep: Int64
  /// The longest an activity may live, in milliseconds: ActivityKit's 8 hours.
  public var activityLimit: Int64
  /// How long before ``activityLimit`` the plan ends an activity and starts the next one,
  /// in milliseconds (default 10 minutes). Clamped so each activity lives at least 1 s.
  public var restartMargin: Int64
  /// Priority override, dismissal of the final end, and the attributes type name.
  public var push: PushOptions

  public init(
    untimedStep: Int64 = 60_000, activityLimit: Int64 = ActivityLifetime.limit,
    restartMargin: Int64 = ActivityLifetime.margin, push: PushOptions = PushOptions()
  ) {
    self.untimedStep = untimedStep
    self.activityLimit = activityLimit
    self.restartMargin = restartMargin
    self.push = push
  }

  /// How long one activity runs before the plan replaces it, in milliseconds.
  var activitySpan: Int64 { max(1000, activityLimit - restartMargin) }
}
