/// The cook's transitions. Each takes `now`, first settles the run up to it (timers due by
/// then fire at their own end dates), then applies the change. A `now` before
/// ``Run/lastChange`` is taken as `lastChange`: history never reorders.
///
/// Changes the state refuses throw `CoreError.refused` and leave the run untouched; safe
/// retries (pause when paused, resume when running) return a ``Change`` with `unchanged` set.
extension Run {
  /// Pauses every running timer of the run; each keeps its remaining milliseconds.
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

  /// Resumes every paused timer: each new end date is `now` + its remaining time.
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
  /// running ones keep running. Refused while paused ("resume first").
  public mutating func next(at now: Instant) throws(CoreError) -> Change {
    try change(at: now, refuseEnded: "move on", refusePaused: true) { run, now, events in
      run.advance(at: now, events: &events)
      return nil
    }
  }

  /// Adds `milliseconds` (negative: takes away) to the shown timer (the live one that fires
  /// soonest, from any step); while paused, to its remaining time.
  ///
  /// - Parameters:
  ///   - milliseconds: the signed amount, in milliseconds.
  ///   - now: Unix epoch milliseconds.
  /// - Throws: `CoreError.refused` when the run has ended, has no live timer, when
  ///   `milliseconds` is 0, or when the timer would be left with zero or less.
  public mutating func add(_ milliseconds: Int64, at now: Instant) throws(CoreError) -> Change {
    try change(at: now, refuseEnded: "add time") { run, now, events throws(CoreError) in
      guard let t = run.shownTimer, let left = run.remaining(ofTimer: t, at: now) else {
        throw run.refusal("\(run.id) has no live timer to add time to")
      }
      guard milliseconds != 0 else { throw run.refusal("adding 0 s changes nothing") }
      let (sum, overflow) = left.addingReportingOverflow(milliseconds)
      guard !overflow, sum > 0, sum <= Run.longestTimer else {
        throw run.refusal(
          "adding \(Run.seconds(milliseconds)) would leave "
            + (sum > 0 && !overflow ? "too much" : "no") + " time on "
            + run.timerLabel(t) + " (\(Run.seconds(left).dropFirst()) left)")
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
        throw run.refusal("\(run.timerLabel(t)) is \(run.timers[t].state.name) already")
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
        throw run.refusal("\(run.timerLabel(t)) is \(run.timers[t].state.name) already")
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
      guard let first = run.timers.firstIndex(where: { $0.step == step }) else {
        run.stepStartedAt = now
        run.idleSince = nil
        run.refreshIdle(at: now)
        events.append(RunEvent(kind: .stepStarted, at: now, step: step))
        return nil
      }
      // The step's timers are the last ones: reset them in place, so indices stay valid.
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

  /// Ends the run now; live timers are cancelled (listed in the events).
  public mutating func stop(at now: Instant) throws(CoreError) -> Change {
    try change(at: now, refuseEnded: "stop") { run, now, events in
      run.finish(.stopped(at: now), at: now, events: &events)
      return nil
    }
  }

  /// The common frame of every transition: clamp `now`, settle, refuse what the state
  /// refuses, apply `body` to a copy, keep it only if nothing was thrown.
  private mutating func change(
    at requested: Instant, refuseEnded action: String, refusePaused: Bool = false,
    _ body: (inout Run, Instant, inout [RunEvent]) throws(CoreError) -> String?
  ) throws(CoreError) -> Change {
    let now = max(requested, lastChange)
    var run = self
    var events: [RunEvent] = []
    run.settle(to: now, events: &events)
    guard run.status == .active else {
      throw run.refusal("cannot \(action): \(run.id) is \(run.phase.rawValue)")
    }
    if refusePaused, run.pausedAt != nil {
      throw run.refusal("cannot \(action): \(run.id) is paused; resume first")
    }
    if let unchanged = try body(&run, now, &events) {
      return Change(unchanged: unchanged)  // a safe retry records nothing
    }
    run.lastChange = now
    self = run
    return Change(events: events)
  }

  /// The error for a change this run refuses, naming its phase.
  func refusal(_ message: String) -> CoreError {
    .refused(runID: id, phase: phase, message: message)
  }

  /// True when waiting timer `t` is what the step waits for: nothing of its step is live
  /// and no timer written before it in the step is still waiting.
  func isHoldingUpStep(_ t: Int) -> Bool {
    let step = timers[t].step
    return !timers.indices.contains { i in
      timers[i].step == step
        && (timers[i].isLive || (i < t && timers[i].state == .waiting))
    }
  }

  func checkTimer(_ t: Int) throws(CoreError) {
    guard timers.indices.contains(t) else { throw refusal("\(id) has no timer \(t + 1)") }
  }

  /// How messages name a timer: its name, else "the timer of step N".
  public func timerLabel(_ t: Int) -> String {
    timers[t].name.isEmpty ? "the timer of step \(timers[t].step + 1)" : "\"\(timers[t].name)\""
  }
}

extension Run {
  /// The longest timer the engine accepts, in milliseconds: 7 days (timers.md §3).
  public static let longestTimer: Int64 = 7 * 24 * 3_600_000

  /// Milliseconds as signed seconds for messages: `-30 s`, `+1.5 s`.
  static func seconds(_ ms: Int64) -> String {
    let sign = ms < 0 ? "-" : "+"
    let whole = ms.magnitude / 1000
    let frac = ms.magnitude % 1000
    if frac == 0 { return "\(sign)\(whole) s" }
    var fraction = String(frac + 1000).dropFirst()
    while fraction.hasSuffix("0") { fraction = fraction.dropLast() }
    return "\(sign)\(whole).\(fraction) s"
  }
}
