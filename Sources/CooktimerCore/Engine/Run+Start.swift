extension Run {
  /// Starts a run of `recipe` at step 1 at `now`.
  ///
  /// - Parameters:
  ///   - id: the run's id, unique in its store.
  ///   - autoAdvance: start each next step the instant the last timer of a step fires.
  ///   - now: the start, Unix epoch milliseconds.
  /// - Returns: the run and its events (`started`, `stepStarted`, `timerStarted`…).
  /// - Throws: `CoreError.refused` (phase `finished`) when the recipe has no steps.
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
    startStepTimers(from: first, at: now, events: &events)
  }

  /// Starts a step whose timers (from index `first` on, all waiting) were just laid out:
  /// alternatives are set aside, the first timer starts with those that go with it.
  mutating func startStepTimers(from first: Int, at now: Instant, events: inout [RunEvent]) {
    for t in first..<timers.count where timers[t].start == .alternativeToPrevious {
      timers[t].state = .skipped(at: now)
    }
    if first < timers.count {
      launch(first, at: now, events: &events)
    }
    // Waiting starts with an untimed step, unless earlier timers still count.
    idleSince = nil
    refreshIdle(at: now)
  }

  /// Timer `t`'s turn has come at `now`: a waiting timer starts (if its duration is known)
  /// with every timer that goes with it; a timer the cook skipped ahead of time counts as
  /// ended at once, so what goes with it and what follows it start instead.
  mutating func launch(_ t: Int, at now: Instant, events: inout [RunEvent]) {
    switch timers[t].state {
    case .waiting:
      startTimer(t, at: now, events: &events)
    case .skipped where timers[t].start != .alternativeToPrevious:
      // A switched-to alternative drives what follows, not the skipped first choice.
      let group = alternatives(of: t)
      guard group.allSatisfy({ $0 == t || timers[$0].state.isSkipped }) else { return }
      startCompanions(of: t, at: now, events: &events)
      if let s = successor(of: t) { launch(s, at: now, events: &events) }
    default:
      break
    }
  }

  /// Starts waiting timer `t` at `now` if its duration is known, then every timer of its
  /// step that goes with it (`.withPrevious`), even when `t` itself still needs a duration.
  mutating func startTimer(_ t: Int, at now: Instant, events: inout [RunEvent]) {
    guard case .waiting = timers[t].state else { return }
    if let duration = timers[t].duration {
      timers[t].state = .running(endDate: now + duration + timers[t].added)
      events.append(RunEvent(kind: .timerStarted, at: now, step: timers[t].step, timer: t))
    }
    startCompanions(of: t, at: now, events: &events)
  }

  /// Launches the timers written "while" timer `t` (the next one, alternatives aside, if it
  /// is `.withPrevious`; that one launches its own).
  mutating func startCompanions(of t: Int, at now: Instant, events: inout [RunEvent]) {
    var next = t + 1
    while next < timers.count, timers[next].step == timers[t].step {
      switch timers[next].start {
      case .alternativeToPrevious:
        next += 1
        continue
      case .withPrevious:
        launch(next, at: now, events: &events)
      case .withStep, .afterPrevious:
        break
      }
      return
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

  /// The timers that are alternatives of one another with `t` ("low 7 h or high 4 h"):
  /// the first of the group and the `.alternativeToPrevious` ones right after it.
  func alternatives(of t: Int) -> ClosedRange<Int> {
    var first = t
    while timers[first].start == .alternativeToPrevious, first > 0,
      timers[first - 1].step == timers[t].step
    {
      first -= 1
    }
    var last = t
    while last + 1 < timers.count, timers[last + 1].step == timers[t].step,
      timers[last + 1].start == .alternativeToPrevious
    {
      last += 1
    }
    return first...last
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

extension RunTimerState {
  /// True for `.skipped`, whenever it happened.
  var isSkipped: Bool {
    if case .skipped = self { return true }
    return false
  }

  /// True for `.fired` and `.cancelled`: the timer ran.
  var isEnded: Bool {
    switch self {
    case .fired, .cancelled: return true
    default: return false
    }
  }
}
