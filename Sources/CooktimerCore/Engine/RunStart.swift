extension Run {
  /// Starts a run of `recipe` at step 1 at `now`.
  ///
  /// - Parameters:
  ///   - id: the run's id, unique in its store.
  ///   - autoAdvance: start each next step the instant the last timer of a step fires.
  /// - Returns: the run and its events (`started`, `stepStarted`, `timerStarted`…).
  /// - Throws: `CoreError.refused` when the recipe has no steps.
  ///
  /// ```swift
  /// let (run, _) = try Run.start(id: "a1", recipe: tea, at: t0)
  /// run.settled(at: t0 + 180_000).run.phase  // .waiting — the tea is done
  /// ```
  public static func start(
    id: String, recipe: Recipe, autoAdvance: Bool = false, at now: Instant
  ) throws(CoreError) -> (run: Run, events: [RunEvent]) {
    guard !recipe.steps.isEmpty else {
      throw .refused(
        runID: id, phase: .finished, message: "recipe \"\(recipe.title)\" has no steps to run")
    }
    var run = Run(
      id: id, recipe: recipe, autoAdvance: autoAdvance, startedAt: now, stepIndex: 0,
      stepStartedAt: now, status: .active, pausedAt: nil, idleSince: now, timers: [],
      lastChange: now)
    var events = [RunEvent(kind: .started, at: now)]
    run.beginStep(0, at: now, events: &events)
    return (run, events)
  }

  /// Makes step `index` current at `now`: adds its timers, starts the first one (and those
  /// that go with it), skips alternatives.
  mutating func beginStep(_ index: Int, at now: Instant, events: inout [RunEvent]) {
    stepIndex = index
    stepStartedAt = now
    events.append(RunEvent(kind: .stepStarted, at: now, step: index))
    let first = timers.count
    for (i, spec) in recipe.steps[index].timers.enumerated() {
      timers.append(
        RunTimer(
          step: index, index: i, name: spec.name, duration: spec.duration, start: spec.start,
          state: .waiting))
    }
    for t in first..<timers.count where timers[t].start == .alternativeToPrevious {
      timers[t].state = .skipped(at: now)
    }
    if first < timers.count {
      startTimer(first, at: now, events: &events)
    }
    // Waiting starts with an untimed step, unless earlier timers still count.
    idleSince = nil
    refreshIdle(at: now)
  }

  /// Starts a waiting timer with a known duration at `now`, then every timer of its step
  /// that goes with it (`.withPrevious`).
  mutating func startTimer(_ t: Int, at now: Instant, events: inout [RunEvent]) {
    guard case .waiting = timers[t].state, let duration = timers[t].duration else { return }
    timers[t].state = .running(endDate: now + duration + timers[t].added)
    events.append(RunEvent(kind: .timerStarted, at: now, step: timers[t].step, timer: t))
    var next = t + 1
    while next < timers.count, timers[next].step == timers[t].step {
      if timers[next].start == .alternativeToPrevious {
        next += 1
        continue
      }
      if timers[next].start == .withPrevious { startTimer(next, at: now, events: &events) }
      break
    }
  }

  /// The timer that starts when timer `t` ends: the next one of its step, alternatives
  /// aside, if it follows `t` (`.afterPrevious`).
  func successor(of t: Int) -> Int? {
    var next = t + 1
    while next < timers.count, timers[next].step == timers[t].step {
      switch timers[next].start {
      case .alternativeToPrevious: next += 1
      case .afterPrevious: return next
      case .withStep, .withPrevious: return nil
      }
    }
    return nil
  }

  /// Keeps ``idleSince`` true: set to `now` when the last live timer ends, `nil` while one is live.
  mutating func refreshIdle(at now: Instant) {
    if timers.contains(where: \.isLive) {
      idleSince = nil
    } else if idleSince == nil {
      idleSince = now
    }
  }
}
