extension Run {
  /// The run as it is at `now`: due timers fired at their end dates (in end-date order, ties
  /// in recipe order), the timers that follow them started at those instants and, with
  /// ``autoAdvance``, the next steps started — computed directly, however long ago.
  ///
  /// Reading changes nothing stored: callers decide whether to keep the result. A `now`
  /// (Unix epoch milliseconds) before ``lastChange`` is taken as `lastChange`.
  /// - Returns: the run at `now` with the events that happened after ``lastChange``.
  public func settled(at now: Instant) -> SettledRun {
    let now = max(now, lastChange)
    var copy = self
    var events: [RunEvent] = []
    copy.settle(to: now, events: &events)
    return SettledRun(run: copy, at: now, events: events)
  }

  /// Fires every timer due at or before `now`, with what follows from each.
  mutating func settle(to now: Instant, events: inout [RunEvent]) {
    while status == .active, pausedAt == nil, let t = nextToFire(),
      case .running(let end) = timers[t].state,
      end <= now
    {
      timers[t].state = .fired(at: end)
      events.append(RunEvent(kind: .timerFired, at: end, step: timers[t].step, timer: t))
      timerEnded(t, at: end, events: &events)
    }
  }

  /// The running timer that fires first (ties: first in the recipe).
  func nextToFire() -> Int? {
    var best: (index: Int, end: Instant)?
    for (i, timer) in timers.enumerated() {
      guard case .running(let end) = timer.state else { continue }
      if best == nil || end < best!.end { best = (i, end) }
    }
    return best?.index
  }

  /// What follows when timer `t` stops counting at `instant` (fired, or skipped while
  /// live): its successor starts, waiting begins, and with auto-advance the next step starts.
  ///
  /// - Parameters:
  ///   - startSuccessor: launch the timer that follows `t` (not after `cancel`).
  ///   - mayAdvance: with ``autoAdvance``, start the next step when this one is done (not
  ///     after `cancel`: the cook acts, and moves on with `next`).
  mutating func timerEnded(
    _ t: Int, at instant: Instant, events: inout [RunEvent], startSuccessor: Bool = true,
    mayAdvance: Bool = true
  ) {
    if startSuccessor, pausedAt == nil, let s = successor(of: t) {
      launch(s, at: instant, events: &events)
    }
    refreshIdle(at: instant)
    // A suggested timer never advances the step (see ``beginSuggested(_:at:)``).
    if mayAdvance, autoAdvance, pausedAt == nil, timers[t].step == stepIndex, !isSuggested(t),
      stepIsDone
    {
      advance(at: instant, events: &events)
    }
  }

  /// True when the current step has written timers and none of them is waiting or live
  /// (suggested timers the cook started do not count).
  var stepIsDone: Bool {
    let own = timers.indices.filter { timers[$0].step == stepIndex && !isSuggested($0) }
    return !own.isEmpty && !own.contains { timers[$0].isLive || timers[$0].state == .waiting }
  }

  /// Leaves the current step at `now`: its timers not yet started are skipped; the next
  /// step starts, or after the last step the run finishes (live timers cancelled).
  mutating func advance(at now: Instant, events: inout [RunEvent]) {
    for t in timers.indices where timers[t].step == stepIndex && timers[t].state == .waiting {
      timers[t].state = .skipped(at: now)
      events.append(RunEvent(kind: .timerSkipped, at: now, step: stepIndex, timer: t))
    }
    if stepIndex + 1 < recipe.steps.count {
      beginStep(stepIndex + 1, at: now, events: &events)
    } else {
      finish(.finished(at: now), at: now, events: &events)
    }
  }

  /// Ends the run: every live timer is cancelled, every waiting one skipped.
  mutating func finish(_ end: RunStatus, at now: Instant, events: inout [RunEvent]) {
    for t in timers.indices {
      if timers[t].isLive {
        timers[t].state = .cancelled(at: now)
        events.append(RunEvent(kind: .timerCancelled, at: now, step: timers[t].step, timer: t))
      } else if timers[t].state == .waiting {
        timers[t].state = .skipped(at: now)
        events.append(RunEvent(kind: .timerSkipped, at: now, step: timers[t].step, timer: t))
      }
    }
    status = end
    pausedAt = nil
    idleSince = now
    let kind: RunEvent.Kind = if case .stopped = end { .stopped } else { .finished }
    events.append(RunEvent(kind: kind, at: now, step: stepIndex))
  }
}
