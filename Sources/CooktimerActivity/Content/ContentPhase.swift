import CooktimerCore

/// The `phase` the app switches on (live-activity.md §1). A closed set: the app's views
/// handle exactly these four.
public enum ContentPhase: String, Hashable, Sendable, Codable {
  /// A timer counts down.
  case running
  /// The run is paused.
  case paused
  /// No timer is live: an untimed step, or every timer has fired. The cook must act.
  case waiting
  /// After the last step, or stopped (the app shows both the same way).
  case finished

  /// The phase of a run as the app sees it: `stopped` shows as `finished`.
  public init(_ phase: RunPhase) {
    switch phase {
    case .running: self = .running
    case .paused: self = .paused
    case .waiting: self = .waiting
    case .finished, .stopped: self = .finished
    }
  }
}
