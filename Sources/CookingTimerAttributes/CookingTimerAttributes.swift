// The timer app's Live Activity type, as `cooktimer contract` prints it (the library product
// `CookingTimerAttributes` of the cooktimer package is this one file). Foundation only: it
// compiles wherever Swift does, and the app makes it an ActivityKit type with one line:
//
//     import ActivityKit
//     import CookingTimerAttributes  // not when this text is pasted into the app instead
//
//     extension CookingTimerAttributes: ActivityAttributes {}
//
// Versions: the fields marked "guaranteed" were in the first release and are in every push;
// every field added since is optional, so an app built against an earlier version still
// decodes today's pushes (it ignores keys it does not know), and this version decodes
// pushes made before a field existed. `phase` is a String, so a new phase ("stopped" came
// second) reaches an old app as an unknown word, never as a decoding failure.
import Foundation

/// One cooking run on the Lock Screen and in the Dynamic Island: the static attributes a
/// `start` push sets, and the ``ContentState`` every push replaces.
///
/// Pushes are decoded with a default `JSONDecoder` (its `.deferredToDate` strategy): every
/// `Date` arrives as a JSON number of seconds since 2001-01-01T00:00:00Z, fractions allowed
/// (exact to the millisecond); every `TimeInterval` as seconds with millisecond fractions.
/// Unix seconds appear only in the push's `aps` (`timestamp`, `stale-date`), never here.
///
/// In the views, switch on `phase`. Count down with
/// `Text(timerInterval: endDate - timerDuration ... endDate, pauseTime: pauseTime)`, where
/// `pauseTime` is `endDate - remainingWhenPaused` while paused and `nil` otherwise; never
/// with `Date.now ... endDate`, which traps ("Range requires lowerBound <= upperBound") once
/// `endDate` is past. `context.isStale` turns true when the shown timer fires: show "done".
///
/// Tell the backend each push token with `runId` and `activity` (`token add activity RUN
/// HEX --activity N`, or `PUT /v1/runs/{runId}/activities/{activity}/token`).
public struct CookingTimerAttributes: Codable, Hashable, Sendable {
  /// The recipe's title, at most 80 characters. Static: it never changes during a run.
  /// Guaranteed.
  public var recipeName: String
  /// The run's id (as `cooktimer status` shows it). Added in version 2.
  public var runId: String?
  /// The activity's number within the run: 1, then 2, 3, … when a run longer than 8 hours
  /// gets a fresh activity. Added in version 2.
  public var activity: Int?

  public init(recipeName: String, runId: String? = nil, activity: Int? = nil) {
    self.recipeName = recipeName
    self.runId = runId
    self.activity = activity
  }

  /// The run's state. Every push replaces it whole.
  public struct ContentState: Codable, Hashable, Sendable {
    /// "running" (a timer counts down), "paused", "waiting" (no timer is live: the cook
    /// must act), "finished" (after the last step) or "stopped" (ended by the cook; since
    /// version 2, "finished" before); ``knownPhase`` reads it. Guaranteed.
    public var phase: String
    /// running: when the shown timer fires. paused: its end at the moment of pausing, moved
    /// only by added time, so `endDate - remainingWhenPaused` is when the run was paused.
    /// waiting: when the run began waiting. finished, stopped: when it ended. Never in the
    /// future unless a timer is live. Guaranteed.
    public var endDate: Date
    /// True while the run is paused. Guaranteed.
    public var isPaused: Bool
    /// Seconds left on the shown timer while paused; 0 otherwise. Guaranteed.
    public var remainingWhenPaused: TimeInterval
    /// The shown timer's name (the live timer that fires soonest), at most 80 characters; ""
    /// if it has no name or there is none. Guaranteed.
    public var timerName: String
    /// The shown timer's whole length in seconds, including added time; 0 if there is none.
    /// Guaranteed.
    public var timerDuration: TimeInterval
    /// The current step, 1-based, counted straight through the recipe. Guaranteed.
    public var stepNumber: Int
    /// The number of steps of the recipe. Guaranteed.
    public var stepCount: Int
    /// The current step's text as a cook reads it, at most 80 characters (cut at a word
    /// boundary, ending in "…"). A finished run shows the step it was on. Guaranteed.
    public var stepName: String
    /// The next step's text, shortened like `stepName`; "" on the last step and when finished.
    /// Guaranteed.
    public var nextStepName: String
    /// The run's live timers besides the shown one (e.g. "+2 more"). Guaranteed.
    public var otherTimerCount: Int
    /// The second live timer's name, when two or more are live (pasta while the sauce
    /// simmers): show a second countdown. Absent otherwise. Added in version 2.
    public var nextTimerName: String?
    /// The second live timer's end, with `endDate`'s meaning: while paused its end at the
    /// moment of pausing, so its remaining time is `nextTimerEndDate - pauseTime`.
    /// Added in version 2.
    public var nextTimerEndDate: Date?

    public init(
      phase: String, endDate: Date, isPaused: Bool, remainingWhenPaused: TimeInterval,
      timerName: String, timerDuration: TimeInterval, stepNumber: Int, stepCount: Int,
      stepName: String, nextStepName: String, otherTimerCount: Int,
      nextTimerName: String? = nil, nextTimerEndDate: Date? = nil
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

    /// `phase` as a ``Phase``; `nil` for a phase this version does not know yet (show the
    /// run as running, say).
    public var knownPhase: Phase? { Phase(rawValue: phase) }
  }

  /// The phases this version knows, as `ContentState.phase` spells them. A later version
  /// may send another word: decode `phase` as a String and switch on ``ContentState/knownPhase``.
  public enum Phase: String, Codable, Hashable, Sendable, CaseIterable {
    /// A timer counts down.
    case running
    /// The cook paused the run.
    case paused
    /// No timer is live (an untimed step, or every timer has fired): the cook must act.
    case waiting
    /// After the last step.
    case finished
    /// Ended by the cook before the last step; not "done". Since version 2.
    case stopped
  }
}
