import Foundation

/// The Swift declaration of the app's `ActivityAttributes` type, with every field the tool
/// emits, units and epochs in its doc comments, and the note on `Text(timerInterval:)`
/// (docs/live-activity.md §1; Apple, ActivityKit `ActivityAttributes`). `cooktimer contract`
/// prints it; the test target compiles the same text.
///
/// - Parameter attributesType: the struct's name, as sent in `attributes-type`.
public func contractDeclaration(attributesType: String = "CookingTimerAttributes") -> String {
  // The literal ends without a newline; a Swift file ends with one.
  contractText.replacingOccurrences(
    of: "struct CookingTimerAttributes:", with: "struct \(attributesType):") + "\n"
}

private let contractText = #"""
  // The timer app's Live Activity type, as `cooktimer contract` prints it: paste it into the
  // app unchanged, so the app and the tool cannot drift apart.
  //
  // Versions: the fields marked "guaranteed" were in the first release and are in every push;
  // every field added since is optional, so an app built against an earlier version still
  // decodes today's pushes (it ignores keys it does not know), and this version decodes
  // pushes made before a field existed. `phase` is a String, so a new phase ("stopped" came
  // second) reaches an old app as an unknown word, never as a decoding failure.
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
  ///
  /// Tell the backend each push token with `runId` and `activity` (`token add activity RUN
  /// HEX --activity N`, or `PUT /v1/runs/{runId}/activities/{activity}/token`).
  struct CookingTimerAttributes: ActivityAttributes {
    /// The recipe's title. Static: it never changes during a run. Guaranteed.
    var recipeName: String
    /// The run's id (as `cooktimer status` shows it). Added in version 2.
    var runId: String?
    /// The activity's number within the run: 1, then 2, 3, … when a run longer than 8 hours
    /// gets a fresh activity. Added in version 2.
    var activity: Int?

    /// The run's state. Every push replaces it whole.
    struct ContentState: Codable, Hashable {
      /// "running" (a timer counts down), "paused", "waiting" (no timer is live: the cook
      /// must act), "finished" (after the last step) or "stopped" (ended by the cook; since
      /// version 2, "finished" before). Guaranteed.
      var phase: String
      /// running: when the shown timer fires. paused: its end at the moment of pausing, moved
      /// only by added time, so `endDate - remainingWhenPaused` is when the run was paused.
      /// waiting: when the run began waiting. finished, stopped: when it ended. Never in the
      /// future unless a timer is live. Guaranteed.
      var endDate: Date
      /// True while the run is paused. Guaranteed.
      var isPaused: Bool
      /// Seconds left on the shown timer while paused; 0 otherwise. Guaranteed.
      var remainingWhenPaused: TimeInterval
      /// The shown timer's name (the live timer that fires soonest); "" if it has no name or
      /// there is none. Guaranteed.
      var timerName: String
      /// The shown timer's whole length in seconds, including added time; 0 if there is none.
      /// Guaranteed.
      var timerDuration: TimeInterval
      /// The current step, 1-based, counted straight through the recipe. Guaranteed.
      var stepNumber: Int
      /// The number of steps of the recipe. Guaranteed.
      var stepCount: Int
      /// The current step's text as a cook reads it, at most 80 characters (cut at a word
      /// boundary, ending in "…"). A finished run shows the step it was on. Guaranteed.
      var stepName: String
      /// The next step's text, shortened like `stepName`; "" on the last step and when finished.
      /// Guaranteed.
      var nextStepName: String
      /// The run's live timers besides the shown one (e.g. "+2 more"). Guaranteed.
      var otherTimerCount: Int
      /// The second live timer's name, when two or more are live (pasta while the sauce
      /// simmers): show a second countdown. Absent otherwise. Added in version 2.
      var nextTimerName: String?
      /// The second live timer's end, with `endDate`'s meaning: while paused its end at the
      /// moment of pausing, so its remaining time is `nextTimerEndDate - pauseTime`.
      /// Added in version 2.
      var nextTimerEndDate: Date?
    }
  }
  """#
