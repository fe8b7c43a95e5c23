extension Run {
  /// When each step will start and end from `now` on, and when the recipe will be done,
  /// if the run goes on untouched.
  ///
  /// Assumptions: a paused run is resumed at `now`; timers run their full (remaining)
  /// time; when the cook is needed — an untimed step, a step whose timers have all fired
  /// without ``autoAdvance``, or a timer still waiting for a duration — the cook takes
  /// `untimedStep` milliseconds and then moves on with `next` (a timer without a duration
  /// is then skipped). Timers of earlier steps keep running as they would. Pure, and
  /// bounded by the number of steps and timers.
  ///
  /// - Parameters:
  ///   - now: Unix epoch milliseconds; one before ``lastChange`` is taken as `lastChange`.
  ///   - untimedStep: milliseconds the cook takes when needed (negative counts as 0).
  /// - Returns: the current step and every later one; for an ended run no entries and
  ///   `done` at its end.
  ///
  /// ```swift
  /// run.timeline(at: now, untimedStep: 60_000).done  // dinner at …
  /// ```
  public func timeline(at now: Instant, untimedStep: Int64 = 0) -> Timeline {
    let from = max(now, lastChange)
    var run = settled(at: from).run
    guard run.isActive else {
      return Timeline(from: from, entries: [], done: run.endedAt ?? from)
    }
    if run.pausedAt != nil { _ = try? run.resume(at: from) }
    let cookTime = max(0, untimedStep)
    var starts = [(step: run.stepIndex, at: run.stepStartedAt)]
    var leftByCook: Set<Int> = []
    var clock = from
    let laterTimers = recipe.steps[run.stepIndex...].reduce(0) { $0 + $1.timers.count }
    let bound = run.timers.count + laterTimers + recipe.steps.count + 2
    for _ in 0..<bound where run.isActive {
      var events: [RunEvent] = []
      let ownLive = run.timers.contains { $0.step == run.stepIndex && $0.isLive }
      if ownLive, let due = run.nextDue {
        clock = due
        run.settle(to: due, events: &events)
      } else {
        clock = clock + cookTime
        leftByCook.insert(run.stepIndex)
        guard let change = try? run.next(at: clock) else { break }
        events = change.events
      }
      for event in events where event.kind == .stepStarted {
        if let step = event.step { starts.append((step, event.at)) }
      }
    }
    let done = run.endedAt ?? clock
    var entries: [Timeline.Entry] = []
    for (i, start) in starts.enumerated() {
      let end = i + 1 < starts.count ? starts[i + 1].at : done
      entries.append(
        Timeline.Entry(
          step: start.step, start: start.at, end: end,
          waitsForCook: leftByCook.contains(start.step)))
    }
    return Timeline(from: from, entries: entries, done: done)
  }
}
