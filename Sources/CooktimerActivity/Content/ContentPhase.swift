import CooktimerCore

/// The `phase` the app switches on (docs/live-activity.md §1). The app decodes it as a
/// `String`, so a phase added later reaches an older app as an unknown word, not a failure.
public enum ContentPhase: String, Hashable, Sendable, Codable {
  /// A timer counts down.
  case running
  /// The run is paused.
  case paused
  /// No timer is live: an untimed step, or every timer has fired. The cook must act.
  case waiting
  /// After the last step.
  case finished
  /// Ended by the cook (`stop`) before the last step: not "done".
  case stopped

  /// The phase of a run as the app sees it.
  public init(_ phase: RunPhase) {
    switch phase {
    case .running: self = .running
    case .paused: self = .paused
    case .waiting: self = .waiting
    case .finished: self = .finished
    case .stopped: self = .stopped
    }
  }

  /// True once the run has ended (finished or stopped).
  public var hasEnded: Bool { self == .finished || self == .stopped }
}
