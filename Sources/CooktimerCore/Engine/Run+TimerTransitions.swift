/// The cook's transitions on one timer, and restarting a step. See ``Run/pause(at:)`` for
/// what every transition shares.
extension Run {
  /// Starts waiting timer `t` now: a later timer of the step, a timer whose duration the cook
  /// gives, or an alternative the cook switches to (the others of its group are skipped).
  ///
  /// - Parameters:
  ///   - t: an index into ``timers``.
  ///   - duration: milliseconds; replaces the recipe's duration (required when it has none).
  ///   - now: Unix epoch milliseconds.
  /// - Throws: `CoreError.refused` when the run has ended or is paused, when `t` is no timer
  ///   of the run or is not waiting (a skipped alternative counts as waiting), when no
  ///   duration is known, or when `duration` is not above 0 or over ``longestTimer``.
  public mutating func startTimer(
    _ t: Int, duration: Int64? = nil, at now: Instant
  ) throws(CoreError) -> Change {
    try change(at: now, refuseEnded: "start a timer", refusePaused: true) {
      run, now, events throws(CoreError) in
      try run.checkTimer(t)
      let group = run.alternatives(of: t)
      switch run.timers[t].state {
      case .waiting: break
      case .skipped where group.count > 1 && run.timers[t].step == run.stepIndex:
        guard !group.contains(where: { run.timers[$0].state.isEnded }) else {
          throw run.refusal("an alternative to \(run.timerLabel(t)) has already run")
        }
      default:
        throw run.refusal("\(run.timerLabel(t)) is \(run.timers[t].state.name), not waiting")
      }
      if let duration {
        guard duration > 0, duration <= Run.longestTimer else {
          throw run.refusal("a timer must last more than 0 s and at most 7 days")
        }
      }
      guard duration != nil || run.timers[t].duration != nil else {
        throw run.refusal("\(run.timerLabel(t)) needs a duration (e.g. 10m)")
      }
      for other in group
      where other != t && (run.timers[other].isLive || run.timers[other].state == .waiting) {
        run.timers[other].state = .skipped(at: now)
        events.append(
          RunEvent(kind: .timerSkipped, at: now, step: run.timers[other].step, timer: other))
      }
      if let duration {
        run.timers[t].duration = duration
        run.timers[t].added = 0
      }
      run.timers[t].state = .waiting
      run.startTimer(t, at: now, events: &events)
      run.refreshIdle(at: now)
      return nil
    }
  }

  /// Skips timer `t`: a waiting one will not start (when its turn comes, the timers after
  /// it start instead; if the step was held up by it, they start now); a live one stops
  /// without ringing and what follows it starts now, as if it had fired.
  ///
  /// - Throws: `CoreError.refused` when the run has ended or is paused, when `t` is no timer
  ///   of the run, or when it is neither waiting nor live.
  public mutating func skipTimer(_ t: Int, at now: Instant) throws(CoreError) -> Change {
    try change(at: now, refuseEnded: "skip a timer", refusePaused: true) {
      run, now, events throws(CoreError) in
      try run.checkTimer(t)
      guard run.timers[t].isLive || run.timers[t].state == .waiting else {
        throw run.refusal(run.alreadyEnded(t))
      }
      let wasLive = run.timers[t].isLive
      let heldUp = !wasLive && run.isHoldingUpStep(t)
      run.timers[t].state = .skipped(at: now)
      events.append(RunEvent(kind: .timerSkipped, at: now, step: run.timers[t].step, timer: t))
      if heldUp { run.launch(t, at: now, events: &events) }
      run.timerEnded(t, at: now, events: &events, startSuccessor: wasLive)
      return nil
    }
  }

  /// Cancels live or waiting timer `t`; nothing starts after it, and the step does not
  /// auto-advance (the cook moves on with `next`). Allowed while paused.
  ///
  /// - Throws: `CoreError.refused` when the run has ended, when `t` is no timer of the run,
  ///   or when it is neither waiting nor live.
  public mutating func cancelTimer(_ t: Int, at now: Instant) throws(CoreError) -> Change {
    try change(at: now, refuseEnded: "cancel a timer") { run, now, events throws(CoreError) in
      try run.checkTimer(t)
      guard run.timers[t].isLive || run.timers[t].state == .waiting else {
        throw run.refusal(run.alreadyEnded(t))
      }
      run.timers[t].state = .cancelled(at: now)
      events.append(
        RunEvent(kind: .timerCancelled, at: now, step: run.timers[t].step, timer: t))
      if !run.timers.contains(where: \.isLive) { run.pausedAt = nil }
      run.timerEnded(t, at: now, events: &events, startSuccessor: false, mayAdvance: false)
      return nil
    }
  }

  /// Starts the current step again at `now`: its live timers are cancelled (listed in the
  /// events), then all its timers go back to their recipe durations and start as at the
  /// step's start. Timers of earlier steps are not touched.
  ///
  /// - Throws: `CoreError.refused` when the run has ended or is paused.
  public mutating func restartStep(at now: Instant) throws(CoreError) -> Change {
    try change(at: now, refuseEnded: "restart the step", refusePaused: true) {
      run, now, events in
      let step = run.stepIndex
      events.append(RunEvent(kind: .stepRestarted, at: now, step: step))
      for t in run.timers.indices where run.timers[t].step == step && run.timers[t].isLive {
        run.timers[t].state = .cancelled(at: now)
        events.append(RunEvent(kind: .timerCancelled, at: now, step: step, timer: t))
      }
      let written = run.step.timers.count
      guard
        let first = run.timers.firstIndex(where: { $0.step == step && $0.index < written })
      else {
        run.stepStartedAt = now
        run.idleSince = nil
        run.refreshIdle(at: now)
        events.append(RunEvent(kind: .stepStarted, at: now, step: step))
        return nil
      }
      // The step's timers are the last ones (its suggested timers after them): reset the
      // written ones in place, so indices stay valid.
      for (offset, spec) in run.step.timers.enumerated() {
        run.timers[first + offset] = RunTimer(
          step: step, index: offset, name: spec.name, duration: spec.duration,
          start: spec.start, state: .waiting)
      }
      run.stepStartedAt = now
      events.append(RunEvent(kind: .stepStarted, at: now, step: step))
      run.startStepTimers(from: first, at: now, events: &events)
      return nil
    }
  }
}
