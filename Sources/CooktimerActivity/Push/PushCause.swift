/// Why a push is sent. The cause, not the code path that noticed it, decides the push's
/// priority, alert and expiration (``PushRule``, docs/live-activity.md §3.3 "Who is alerted").
public enum PushCause: Hashable, Sendable {
  /// The `start` of a new run's first activity.
  case runStarted
  /// The `start` of a fresh activity that replaces one nearing ActivityKit's 8-hour limit.
  case activityReplaced
  /// One or more timers fired at this instant (their names, in recipe order). Also when
  /// another timer of the step takes over, when auto-advance starts the next step, and when
  /// the run finishes by itself: the one moment the cook cannot see coming.
  case timersFired([String])
  /// The cook's own action, echoed to the phone: changes the card, alerts nobody.
  case cook(CookAction)
  /// The `end` of the replaced activity, sent after its successor's `start`.
  case activityRetired
  /// The `end` of the activity of a run left paused or waiting past
  /// ``ActivityLifetime/abandonAfter``: it is not renewed any more.
  case abandoned
  /// Another run of the device changed and this run's place among the device's runs with it:
  /// an `update` carrying its new `relevance-score` (``RelevanceRanking``), alerting nobody.
  case rescored
}

/// A change the cook makes to a run (`pause`, `add 1m`, …), as the push rule sees it. Its
/// raw values are the one list of transition words: the CLI's command words, the service's
/// `RunAction.word` and the HTTP routes' names all read them.
public enum CookAction: String, Hashable, Sendable, CaseIterable {
  case pause, resume, add, skip, cancel, begin, next, restart, stop
}
