import CooktimerCore

/// The dynamic state of the app's Live Activity, `CookingTimerAttributes.ContentState`
/// (docs/live-activity.md §1; ActivityKit `ActivityAttributes.ContentState`). Every push
/// replaces it whole.
///
/// Fields of the first contract (phase … otherTimerCount) are always sent; fields added
/// since (`nextTimerName`, `nextTimerEndDate`) are left out when they have no value and are
/// optional in ``contractDeclaration(attributesType:)``, so an app built earlier still decodes.
///
/// Instants are ``Instant``s and durations milliseconds here; on the wire (see
/// ``encode(to:)``) dates are seconds since 2001-01-01T00:00:00Z and durations seconds,
/// as the phone's default `JSONDecoder` expects.
public struct CookingContentState: Hashable, Sendable {
  /// What the app shows: running, paused, waiting, finished or stopped.
  public var phase: ContentPhase
  /// running: when the shown timer fires; paused: its end at the moment of pausing, moved
  /// only by `add`; waiting: when the run began waiting; finished: when it finished.
  public var endDate: Instant
  /// True while paused.
  public var isPaused: Bool
  /// Milliseconds left on the shown timer while paused; 0 otherwise.
  public var remainingWhenPaused: Int64
  /// The shown timer's name; "" if it has none or there is none.
  public var timerName: String
  /// The shown timer's whole length in milliseconds including added time; 0 if none.
  public var timerDuration: Int64
  /// The current step, 1-based.
  public var stepNumber: Int
  /// The number of steps.
  public var stepCount: Int
  /// The current step's text, at most 80 characters (`StepText.shortened(_:to:)`).
  public var stepName: String
  /// Extra: the next step's text, shortened the same way; "" on the last step or when finished.
  public var nextStepName: String
  /// Extra: live timers of the run besides the shown one.
  public var otherTimerCount: Int
  /// Added later: the second live timer (the one that fires after the shown one), so the card
  /// shows two countdowns ("pasta 8 min while the sauce simmers"); `nil` with fewer than two.
  public var nextTimerName: String?
  /// Its end date, with the same meaning as ``endDate`` (while paused: its end at the moment
  /// of pausing, so both countdowns share `endDate - remainingWhenPaused` as pause time).
  public var nextTimerEndDate: Instant?

  public init(
    phase: ContentPhase, endDate: Instant, isPaused: Bool, remainingWhenPaused: Int64,
    timerName: String, timerDuration: Int64, stepNumber: Int, stepCount: Int, stepName: String,
    nextStepName: String, otherTimerCount: Int, nextTimerName: String? = nil,
    nextTimerEndDate: Instant? = nil
  ) {
    self.phase = phase
    self.endDate = endDate
    self.isPaused = isPaused
    self.remainingWhenPaused = remainingWhenPaused
    self.timerName = timerName
    self.timerDuration = timerDuration
    self.stepNumber = stepNumber
    self.stepCount = stepCount
    self.stepName = stepName
    self.nextStepName = nextStepName
    self.otherTimerCount = otherTimerCount
    self.nextTimerName = nextTimerName
    self.nextTimerEndDate = nextTimerEndDate
  }
}

extension CookingContentState: Encodable {
  /// The wire form: the app's field names, 2001-based dates, durations in seconds.
  private struct Storage: Encodable {
    var phase: String
    var endDate: Double
    var isPaused: Bool
    var remainingWhenPaused: Double
    var timerName: String
    var timerDuration: Double
    var stepNumber: Int
    var stepCount: Int
    var stepName: String
    var nextStepName: String
    var otherTimerCount: Int
    var nextTimerName: String?
    var nextTimerEndDate: Double?

    enum CodingKeys: String, CodingKey {
      case phase, endDate, isPaused, remainingWhenPaused, timerName, timerDuration
      case stepNumber, stepCount, stepName, nextStepName, otherTimerCount
      case nextTimerName, nextTimerEndDate
    }
  }

  /// Encodes the app's `ContentState`: `endDate` as seconds since 2001-01-01T00:00:00Z
  /// (a default `JSONDecoder`'s `.deferredToDate`), durations as seconds with milliseconds.
  public func encode(to encoder: Encoder) throws {
    try Storage(
      phase: phase.rawValue, endDate: endDate.referenceDateSeconds, isPaused: isPaused,
      remainingWhenPaused: Double(remainingWhenPaused) / 1000, timerName: timerName,
      timerDuration: Double(timerDuration) / 1000, stepNumber: stepNumber, stepCount: stepCount,
      stepName: stepName, nextStepName: nextStepName, otherTimerCount: otherTimerCount,
      nextTimerName: nextTimerName, nextTimerEndDate: nextTimerEndDate?.referenceDateSeconds
    ).encode(to: encoder)
  }
}
