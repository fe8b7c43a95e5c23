// The timer app's Live Activity type, as `cooktimer contract` prints it: paste it into the
// app unchanged, so the app and the tool cannot drift apart.
import Foundation

#if canImport(ActivityKit)
  import ActivityKit
#endif

/// One cooking run on the Lock Screen and in the Dynamic Island.
///
/// Pushes are decoded with a default `JSONDecoder`: every `Date` arrives as seconds since
/// 2001-01-01T00:00:00Z, every `TimeInterval` as seconds.
///
/// In the views, switch on `phase`. Count down with
/// `Text(timerInterval: endDate - timerDuration ... endDate, pauseTime: pauseTime)`, where
/// `pauseTime` is `endDate - remainingWhenPaused` while paused and `nil` otherwise; never
/// with `Date.now ... endDate`, which traps ("Range requires lowerBound <= upperBound") once
/// `endDate` is past. `context.isStale` turns true when the shown timer fires: show "done".
struct CookingTimerAttributes: ActivityAttributes {
  /// The recipe's title. Static: it never changes during a run.
  var recipeName: String

  /// The run's state. Every push replaces it whole.
  struct ContentState: Codable, Hashable {
    /// "running" (a timer counts down), "paused", "waiting" (no timer is live: the cook
    /// must act) or "finished" (after the last step, or stopped).
    var phase: String
    /// running: when the shown timer fires. paused: its end at the moment of pausing, moved
    /// only by added time, so `endDate - remainingWhenPaused` is when the run was paused.
    /// waiting: when the run began waiting. finished: when it finished. Never in the future
    /// unless a timer is live.
    var endDate: Date
    /// True while the run is paused.
    var isPaused: Bool
    /// Seconds left on the shown timer while paused; 0 otherwise.
    var remainingWhenPaused: TimeInterval
    /// The shown timer's name (the live timer that fires soonest); "" if it has no name or
    /// there is none.
    var timerName: String
    /// The shown timer's whole length in seconds, including added time; 0 if there is none.
    var timerDuration: TimeInterval
    /// The current step, 1-based, counted straight through the recipe.
    var stepNumber: Int
    /// The number of steps of the recipe.
    var stepCount: Int
    /// The current step's text as a cook reads it, at most 80 characters (cut at a word
    /// boundary, ending in "…"). A finished run shows the step it was on.
    var stepName: String
    /// The next step's text, shortened like `stepName`; "" on the last step and when finished.
    var nextStepName: String
    /// The run's live timers besides the shown one (e.g. "+2 more").
    var otherTimerCount: Int
  }
}
