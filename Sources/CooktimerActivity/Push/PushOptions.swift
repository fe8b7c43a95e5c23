/// Choices for a push request; the defaults follow live-activity.md §3.
public struct PushOptions: Hashable, Sendable {
  /// Overrides the default priority (10 for start, end and updates into waiting or
  /// finished; 5 for the rest).
  public var priority: PushPriority?
  /// For `end`: when the activity leaves the Lock Screen.
  public var dismissal: Dismissal
  /// The app's `ActivityAttributes` type name, sent as `attributes-type` on start.
  public var attributesType: String

  public init(
    priority: PushPriority? = nil, dismissal: Dismissal = .systemDefault,
    attributesType: String = "CookingTimerAttributes"
  ) {
    self.priority = priority
    self.dismissal = dismissal
    self.attributesType = attributesType
  }
}
