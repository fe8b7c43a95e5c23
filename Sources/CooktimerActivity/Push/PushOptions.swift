/// Choices for a push request; the defaults follow live-activity.md §3.
public struct PushOptions: Hashable, Sendable {
  /// Overrides the default priority (10 for start, end and updates into waiting or
  /// finished; 5 for the rest).
  public var priority: PushPriority?
  /// For `end`: when the activity leaves the Lock Screen.
  public var dismissal: Dismissal
  /// The app's `ActivityAttributes` type name, sent as `attributes-type` on start.
  public var attributesType: String
  /// Why the push is sent; decides its alert and default priority.
  public var occasion: PushOccasion

  public init(
    priority: PushPriority? = nil, dismissal: Dismissal = .systemDefault,
    attributesType: String = "CookingTimerAttributes", occasion: PushOccasion = .change
  ) {
    self.priority = priority
    self.dismissal = dismissal
    self.attributesType = attributesType
    self.occasion = occasion
  }
}

/// Why a push is sent, beyond its event.
public enum PushOccasion: Hashable, Sendable {
  /// A change the state itself explains (the default).
  case change
  /// A step started by itself (auto-advance): the cook must act now, so the update carries
  /// an alert and priority 10.
  case stepStarted
  /// The `start` that replaces an activity nearing its 8-hour limit: silent, no alert.
  case activityRestart
}
