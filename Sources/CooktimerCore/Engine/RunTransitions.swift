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

  /// Adds `milliseconds` (negative: takes away) to the shown timer; while paused, to its
  /// remaining time. Refused when no timer is live or when it would leave zero or less.
  public mutating func add(_ milliseconds: Int64, at now: Instant) throws(CoreError) -> Change {
    try change(at: now, refuseEnded: "add time") { run, now, events throws(CoreError) in
      guard let t = run.shownTimer, let left = run.remaining(ofTimer: t, at: now) else {
        throw run.refusal("\(run.id) has no live timer to add time to")
      }
      guard left + milliseconds > 0 else {
        throw run.refusal(
          "adding \(Run.seconds(milliseconds)) would leave no time on "
            + run.timerLabel(t) + " (\(Run.seconds(left)) left)")
      }
      switch run.timers[t].state {
      case .running(let end): run.timers[t].state = .running(endDate: end + milliseconds)
      case .paused(let remaining): run.timers[t].state = .paused(remaining: remaining + milliseconds)
      default: break
      }
      run.timers[t].added += milliseconds
      events.append(
        RunEvent(kind: .added, at: now, step: run.timers[t].step, timer: t, amount: milliseconds))
      return nil
    }
  }

  /// Starts waiting timer `t` now (a later timer of the step, a switched-to alternative, or
  /// a timer whose duration the cook gives). `duration` in milliseconds replaces an unknown one.
  public mutating func startTimer(
    _ t: Int, duration: Int64? = nil, at now: Instant
  ) throws(CoreError) -> Change {
    try change(at: now, refuseEnded: "start a timer", refusePaused: true) {
      run, now, events throws(CoreError) in
      try run.checkTimer(t)
      switch run.timers[t].state {
      case .waiting: break
      case .skipped where run.timers[t].start == .alternativeToPrevious:
        run.timers[t].state = .waiting
      default:
        throw run.refusal("\(run.timerLabel(t)) is \(run.timers[t].state.name), not waiting")
      }
      if let duration { run.timers[t].duration = duration }
      guard run.timers[t].duration != nil else {
        throw run.refusal("\(run.timerLabel(t)) needs a duration (e.g. 10m)")
      }
      run.startTimer(t, at: now, events: &events)
      run.refreshIdle(at: now)
      return nil
    }
  }

  /// Skips timer `t`: a waiting one will not start; a live one stops without ringing and
  /// the timer after it starts now, as if it had fired.
  public mutating func skipTimer(_ t: Int, at now: Instant) throws(CoreError) -> Change {
    try change(at: now, refuseEnded: "skip a timer", refusePaused: true) {
      run, now, events throws(CoreError) in
      try run.checkTimer(t)
      guard run.timers[t].isLive || run.timers[t].state == .waiting else {
        throw run.refusal("\(run.timerLabel(t)) is \(run.timers[t].state.name) already")
      }
      let wasLive = run.timers[t].isLive
      run.timers[t].state = .skipped(at: now)
      events.append(RunEvent(kind: .timerSkipped, at: now, step: run.timers[t].step, timer: t))
      run.timerEnded(t, at: now, events: &events, startSuccessor: wasLive)
      return nil
    }
  }

  /// Cancels live or waiting timer `t`; nothing starts after it.
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
      run.timerEnded(t, at: now, events: &events, startSuccessor: false)
      return nil
    }
  }

  /// Starts the current step again at `now`: its timers go back to their recipe durations.
  public mutating func restartStep(at now: Instant) throws(CoreError) -> Change {
    try change(at: now, refuseEnded: "restart the step", refusePaused: true) {
      run, now, events in
      let step = run.stepIndex
      run.timers.removeAll { $0.step == step }
      events.append(RunEvent(kind: .stepRestarted, at: now, step: step))
      run.beginStep(step, at: now, events: &events)
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

  func checkTimer(_ t: Int) throws(CoreError) {
    guard timers.indices.contains(t) else { throw refusal("\(id) has no timer \(t + 1)") }
  }

  /// How messages name a timer: its name, else "the timer of step N".
  public func timerLabel(_ t: Int) -> String {
    timers[t].name.isEmpty ? "the timer of step \(timers[t].step + 1)" : "\"\(timers[t].name)\""
  }
}

extension Run {
  /// Milliseconds as signed seconds for messages: `-30 s`, `+1.5 s`.
  static func seconds(_ ms: Int64) -> String {
    let sign = ms < 0 ? "-" : "+"
    let whole = abs(ms) / 1000
    let frac = abs(ms) % 1000
    if frac == 0 { return "\(sign)\(whole) s" }
    var fraction = String(frac + 1000).dropFirst()
    while fraction.hasSuffix("0") { fraction = fraction.dropLast() }
    return "\(sign)\(whole).\(fraction) s"
  }
}
