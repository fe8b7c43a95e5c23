/// The cook's transitions. Each takes `now`, first settles the run up to it (timers due by
/// then fire at their own end dates), then applies the change. A `now` before
/// ``Run/lastChange`` is taken as `lastChange`: history never reorders.
///
/// Changes the state refuses throw `CoreError.refused` and leave the run untouched; safe
/// retries (pause when paused, resume when running) return a ``Change`` with `unchanged` set.
extension Run {
  /// Pauses every running timer of the run (of every step); each keeps its remaining
  /// milliseconds, and the run's settling stops until ``resume(at:)``.
  ///
  /// - Parameter now: Unix epoch milliseconds.
  /// - Returns: the events, or `unchanged` when already paused or no timer is live.
  /// - Throws: `CoreError.refused` when the run has finished or stopped.
  public mutating func pause(at now: Instant) throws(CoreError) -> Change {
    try change(at: now, refuseEnded: "pause") { run, now, events in
      if run.pausedAt != nil { return "\(run.id) is already paused" }
      guard run.timers.contains(where: \.isLive) else {
        return "\(run.id) has no live timer to pause"
      }
      for t in run.timers.indices {
        if case .running(let end) = run.timers[t].state {
          run.timers[t].state = .paused(remaining: end - now)
        }
      }
      run.pausedAt = now
      events.append(RunEvent(kind: .paused, at: now, step: run.stepIndex))
      return nil
    }
  }

  /// Resumes every paused timer: each new end date is `now` + its remaining milliseconds.
  /// The `resumed` event's `amount` is the length of the pause in milliseconds.
  ///
  /// - Parameter now: Unix epoch milliseconds.
  /// - Returns: the events, or `unchanged` when not paused.
  /// - Throws: `CoreError.refused` when the run has finished or stopped.
  public mutating func resume(at now: Instant) throws(CoreError) -> Change {
    try change(at: now, refuseEnded: "resume") { run, now, events in
      guard let pausedAt = run.pausedAt else {
        return run.timers.contains(where: \.isLive)
          ? "\(run.id) is already running" : "\(run.id) has no live timer to resume"
      }
      for t in run.timers.indices {
        if case .paused(let remaining) = run.timers[t].state {
          run.timers[t].state = .running(endDate: now + remaining)
        }
      }
      run.pausedAt = nil
      events.append(
        RunEvent(kind: .resumed, at: now, step: run.stepIndex, amount: now - pausedAt))
      return nil
    }
  }

  /// Moves on to the next step and starts it; on the last step, finishes the run (live
  /// timers are cancelled). Timers of the current step not yet started are skipped;
  /// running ones keep running (they fire in a later step).
  ///
  /// - Parameter now: Unix epoch milliseconds.
  /// - Throws: `CoreError.refused` when the run has ended, or is paused ("resume first").
  public mutating func next(at now: Instant) throws(CoreError) -> Change {
    try change(at: now, refuseEnded: "move on", refusePaused: true) { run, now, events in
      run.advance(at: now, events: &events)
      return nil
    }
  }

  /// Adds `milliseconds` (negative: takes away) to the shown timer (the live one that fires
  /// soonest, from any step), or to timer `timer` when given; while paused, to its
  /// remaining time.
  ///
  /// - Parameters:
  ///   - milliseconds: the signed amount, in milliseconds.
  ///   - timer: an index into ``timers``; `nil` for the shown timer.
  ///   - now: Unix epoch milliseconds.
  /// - Throws: `CoreError.refused` when the run has ended, has no live timer (or `timer`
  ///   is not live), when `milliseconds` is 0, or when the timer would be left with zero or
  ///   less, or more than 7 days.
  public mutating func add(
    _ milliseconds: Int64, toTimer timer: Int? = nil, at now: Instant
  ) throws(CoreError) -> Change {
    try change(at: now, refuseEnded: "add time") { run, now, events throws(CoreError) in
      if let timer { try run.checkTimer(timer) }
      guard let t = timer ?? run.shownTimer, let left = run.remaining(ofTimer: t, at: now) else {
        if let timer {
          throw run.refusal(
            "\(run.timerLabel(timer)) is \(run.timers[timer].state.name): only a live timer takes added time"
          )
        }
        throw run.refusal("\(run.id) has no live timer to add time to")
      }
      guard milliseconds != 0 else { throw run.refusal("adding 0 s changes nothing") }
      let (sum, overflow) = left.addingReportingOverflow(milliseconds)
      guard !overflow, sum > 0, sum <= Run.longestTimer else {
        throw run.refusal(
          "adding \(Run.seconds(milliseconds)) would leave "
            + (sum > 0 && !overflow ? "too much" : "no") + " time on "
            + run.timerLabel(t) + " (\(DurationText.short(left)) left)")
      }
      switch run.timers[t].state {
      case .running: run.timers[t].state = .running(endDate: now + sum)
      case .paused: run.timers[t].state = .paused(remaining: sum)
      default: break
      }
      run.timers[t].added += milliseconds
      events.append(
        RunEvent(kind: .added, at: now, step: run.timers[t].step, timer: t, amount: milliseconds))
      return nil
    }
  }

  /// Ends the run now, also while paused; live timers are cancelled and waiting ones
  /// skipped (each listed in the events).
  ///
  /// - Parameter now: Unix epoch milliseconds.
  /// - Throws: `CoreError.refused` when the run has already finished or stopped.
  public mutating func stop(at now: Instant) throws(CoreError) -> Change {
    try change(at: now, refuseEnded: "stop") { run, now, events in
      run.finish(.stopped(at: now), at: now, events: &events)
      return nil
    }
  }
}
