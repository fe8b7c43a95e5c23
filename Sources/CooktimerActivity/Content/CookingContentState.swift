import CookingTimerAttributes
import CooktimerCore
import Foundation

/// The dynamic state of the app's Live Activity, `CookingTimerAttributes.ContentState`
/// (docs/live-activity.md §1; ActivityKit `ActivityAttributes.ContentState`). Every push
/// replaces it whole.
///
/// Fields of the first contract (phase … otherTimerCount) are always sent; fields added
/// since (`nextTimerName`, `nextTimerEndDate`) are left out when they have no value and are
/// optional in the app's type (``appState``, ``contractDeclaration(attributesType:)``), so an app built earlier still decodes.
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
  /// The app's `CookingTimerAttributes.ContentState` of this state: 2001-based dates (an
  /// ``Instant``'s milliseconds, exactly), durations in seconds with milliseconds.
  public var appState: CookingTimerAttributes.ContentState {
    CookingTimerAttributes.ContentState(
      phase: phase.rawValue, endDate: Self.wireDate(endDate), isPaused: isPaused,
      remainingWhenPaused: Double(remainingWhenPaused) / 1000, timerName: timerName,
      timerDuration: Double(timerDuration) / 1000, stepNumber: stepNumber, stepCount: stepCount,
      stepName: stepName, nextStepName: nextStepName, otherTimerCount: otherTimerCount,
      nextTimerName: nextTimerName, nextTimerEndDate: nextTimerEndDate.map(Self.wireDate))
  }

  /// `instant` from its seconds since 2001 (``Instant/referenceDateSeconds``), so the `Date`
  /// encodes to exactly that number: `Instant.date` goes through 1970 seconds, whose
  /// subtraction can move the last digit of the fraction.
  private static func wireDate(_ instant: Instant) -> Date {
    Date(timeIntervalSinceReferenceDate: instant.referenceDateSeconds)
  }

  /// Encodes ``appState``, the app's own type, so the two cannot drift: with the encoder's
  /// default `.deferredToDate` (``WireJSON``'s) `endDate` is seconds since
  /// 2001-01-01T00:00:00Z, what the phone's default `JSONDecoder` reads; a field without a
  /// value (`nextTimerName`) is left out.
  public func encode(to encoder: Encoder) throws {
    try appState.encode(to: encoder)
  }
}
