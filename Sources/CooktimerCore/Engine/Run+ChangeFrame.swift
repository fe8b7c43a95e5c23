/// What every transition shares: the clamp of `now`, settling, refusals, messages.
extension Run {
  /// The common frame of every transition: clamp `now`, settle, refuse what the state
  /// refuses, apply `body` to a copy, keep it only if nothing was thrown.
  mutating func change(
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
  /// and no timer written before it in the step is still waiting (suggested timers the cook
  /// started do not count).
  func isHoldingUpStep(_ t: Int) -> Bool {
    let step = timers[t].step
    return !timers.indices.contains { i in
      timers[i].step == step && !isSuggested(i)
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

  /// Why timer `t`, no longer waiting or live, cannot be skipped or cancelled: `"a" has
  /// fired already` (a timer fires, it is not "fired"), `"a" is skipped already`.
  func alreadyEnded(_ t: Int) -> String {
    let state = timers[t].state
    if case .fired = state { return "\(timerLabel(t)) has fired already" }
    return "\(timerLabel(t)) is \(state.name) already"
  }

  /// The longest timer the engine accepts, in milliseconds: 7 days (docs/timers.md §3). Typed
  /// durations are held to it too (``DurationText``).
  public static let longestTimer: Int64 = 7 * 24 * 3_600_000

  /// Milliseconds as a signed amount for messages: `-30 s`, `+1.5 s`, `+7 d`.
  static func seconds(_ ms: Int64) -> String {
    let sign = ms < 0 ? "-" : "+"
    if ms != .min, ms.magnitude >= 120_000, ms.magnitude % 1000 == 0 {
      return sign + DurationText.short(Int64(ms.magnitude))  // "+7 d", not "+604800 s"
    }
    let whole = ms.magnitude / 1000
    let frac = ms.magnitude % 1000
    if frac == 0 { return "\(sign)\(whole) s" }
    var fraction = String(frac + 1000).dropFirst()
    while fraction.hasSuffix("0") { fraction = fraction.dropLast() }
    return "\(sign)\(whole).\(fraction) s"
  }
}
