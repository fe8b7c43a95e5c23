import CooktimerCore

/// A transition of the cook, as a value, so tests can list, replay and randomise them.
enum EngineOperation: Hashable, CaseIterable {
  case pause, resume, next, add, takeAway, skip, cancel, startTimer, restart, stop

  /// Applies the transition to `run` at `now` (`add`: +1.5 s, `takeAway`: -0.7 s; timer
  /// operations on `timer`).
  func apply(to run: inout Run, at now: Instant, timer t: Int = 0) throws(CoreError) -> Change {
    switch self {
    case .pause: return try run.pause(at: now)
    case .resume: return try run.resume(at: now)
    case .next: return try run.next(at: now)
    case .add: return try run.add(1_500, at: now)
    case .takeAway: return try run.add(-700, at: now)
    case .skip: return try run.skipTimer(t, at: now)
    case .cancel: return try run.cancelTimer(t, at: now)
    case .startTimer: return try run.startTimer(t, at: now)
    case .restart: return try run.restartStep(at: now)
    case .stop: return try run.stop(at: now)
    }
  }
}
