/// The `aps.event` of a Live Activity push. A closed set (Apple defines exactly three), so
/// an enum: the request builder handles each.
public enum PushEvent: String, Hashable, Sendable, Codable, CaseIterable {
  /// Starts an activity through the app's push-to-start token (iOS 17.2+).
  case start
  /// Replaces the content state.
  case update
  /// Ends the activity with a final content state.
  case end
}
