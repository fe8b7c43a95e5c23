import CooktimerCore
import CooktimerTestSupport

/// Milliseconds from minutes, seconds and milliseconds.
func ms(m: Int64 = 0, s: Int64 = 0, ms: Int64 = 0) -> Int64 { m * 60_000 + s * 1000 + ms }

/// A timer spec of `duration` milliseconds.
func timerSpec(_ name: String = "", _ duration: Int64?, _ start: TimerStart = .withStep)
  -> TimerSpec
{
  TimerSpec(name: name, duration: duration, start: start)
}

/// A recipe whose step `n` reads "Step n" and has the given timers.
func engineRecipe(_ steps: [[TimerSpec]]) -> Recipe {
  Recipe(
    title: "Test",
    steps: steps.enumerated().map { Step(text: "Step \($0.offset + 1)", timers: $0.element) })
}

/// A run of `recipe` started at `at`.
func started(_ recipe: Recipe, autoAdvance: Bool = false, at: Instant = t0) throws -> Run {
  try Run.start(id: "r1", recipe: recipe, autoAdvance: autoAdvance, at: at).run
}

/// A run with one step and one timer of `duration` milliseconds.
func singleTimerRun(_ duration: Int64, at: Instant = t0) throws -> Run {
  try started(engineRecipe([[timerSpec("eggs", duration)]]), at: at)
}

extension Run {
  /// The states of all timers at `now`.
  func states(at now: Instant) -> [RunTimerState] { settled(at: now).run.timers.map(\.state) }

  /// The phase at `now`.
  func phase(at now: Instant) -> RunPhase { settled(at: now).run.phase }
}

/// The refusal thrown by `body`, or `nil` if it threw none.
func refusal(_ body: () throws(CoreError) -> Change) -> (phase: RunPhase, message: String)? {
  do {
    _ = try body()
    return nil
  } catch {
    if case .refused(_, let phase, let message) = error { return (phase, message) }
    return nil
  }
}
