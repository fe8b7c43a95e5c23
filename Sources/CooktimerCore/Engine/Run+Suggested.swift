/// Suggested timers: durations a step names only in its words (``Step/suggested``), which
/// the cook starts by hand with `begin sN`.
///
/// A started suggestion is a ``RunTimer`` of the current step placed after the step's written
/// timers, its ``RunTimer/index`` past them (written timers count + the suggestion's position
/// in ``Step/suggested``), starting `.withStep` so it never starts or follows another timer.
/// It does not hold up the step: auto-advance and "the step is done" look at the written
/// timers only, its own firing never advances the step, and when the step is left it keeps
/// running into the next one, as a written timer that is still running does.
extension Run {
  /// Starts suggested timer `sN` of the current step now: a timer named by its words
  /// ("15 minutes"), running for its length (a range's lower bound), with a `timerStarted`
  /// event. A suggestion started before and ended (fired, cancelled, skipped) starts again.
  ///
  /// - Parameters:
  ///   - number: the label's number (`s2` → 2), as ``SuggestedTimer/number``.
  ///   - now: Unix epoch milliseconds.
  /// - Throws: `CoreError.refused` when the run has ended or is paused, when `number` is no
  ///   suggestion of the current step, when that suggestion's timer is live already, or when
  ///   its length is over ``longestTimer``.
  public mutating func beginSuggested(_ number: Int, at now: Instant) throws(CoreError) -> Change {
    try change(at: now, refuseEnded: "begin s\(number)", refusePaused: true) {
      run, now, events throws(CoreError) in
      let step = run.step
      guard let position = step.suggested.firstIndex(where: { $0.number == number }) else {
        let offered = step.suggested.map(\.label).joined(separator: ", ")
        throw run.refusal(
          "s\(number) is not a suggested timer of step \(run.stepNumber)"
            + (offered.isEmpty ? " (it has none)" : " (it has \(offered))"))
      }
      let suggestion = step.suggested[position]
      guard suggestion.duration > 0, suggestion.duration <= Run.longestTimer else {
        throw run.refusal("a timer must last more than 0 s and at most 7 days")
      }
      let index = step.timers.count + position
      let timer = RunTimer(
        step: run.stepIndex, index: index, name: suggestion.text, duration: suggestion.duration,
        start: .withStep, state: .running(endDate: now + suggestion.duration))
      let t: Int
      if let earlier = run.timers.indices.first(where: {
        run.timers[$0].step == run.stepIndex && run.timers[$0].index == index
      }) {
        guard !run.timers[earlier].isLive else {
          throw run.refusal(
            "\(suggestion.label) \"\(suggestion.text)\" is \(run.timers[earlier].state.name) already"
          )
        }
        run.timers[earlier] = timer
        t = earlier
      } else {
        run.timers.append(timer)
        t = run.timers.count - 1
      }
      events.append(RunEvent(kind: .timerStarted, at: now, step: run.stepIndex, timer: t))
      run.refreshIdle(at: now)
      return nil
    }
  }

  /// The suggestion timer `t` was started from, `nil` for a timer the recipe writes.
  public func suggestion(ofTimer t: Int) -> SuggestedTimer? {
    let timer = timers[t]
    let step = recipe.steps[timer.step]
    let position = timer.index - step.timers.count
    return step.suggested.indices.contains(position) ? step.suggested[position] : nil
  }

  /// True for a timer started from a suggestion (its index is past the written timers).
  func isSuggested(_ t: Int) -> Bool {
    timers[t].index >= recipe.steps[timers[t].step].timers.count
  }

  /// The current step's suggestions `begin sN` can start now (none whose timer is live).
  public var startableSuggestions: [SuggestedTimer] {
    let written = step.timers.count
    return step.suggested.enumerated().compactMap { position, suggestion in
      let live = timers.contains {
        $0.step == stepIndex && $0.index == written + position && $0.isLive
      }
      return live ? nil : suggestion
    }
  }
}
