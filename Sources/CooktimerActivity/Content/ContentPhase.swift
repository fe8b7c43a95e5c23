import CookingTimerAttributes
import CooktimerCore

/// The `phase` the app switches on (docs/live-activity.md §1): the app's own
/// `CookingTimerAttributes.Phase`, so the tool and the app spell each phase the same way. The
/// app decodes it as a `String`, so a phase added later reaches an older app as an unknown
/// word, not a failure.
public typealias ContentPhase = CookingTimerAttributes.Phase

extension ContentPhase {
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
