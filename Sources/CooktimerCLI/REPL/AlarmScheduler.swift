import CooktimerCore

/// One thing the cook must hear about: a timer that fired, or a step that started by itself.
public struct Alarm: Hashable, Sendable {
  public enum Kind: String, Hashable, Sendable {
    case timerFired, stepStarted, finished

    /// At one instant a timer fires before the step it ends gives way to the next.
    var rank: Int {
      switch self {
      case .timerFired: return 0
      case .stepStarted: return 1
      case .finished: return 2
      }
    }
  }

  public var kind: Kind
  public var runID: String
  public var recipe: String
  /// When it happened (a timer's end date): alarms are due exactly then.
  public var at: Instant
  /// The timer's label ("Nudeln", "step 2"); "" for step alarms.
  public var timer: String
  /// 1-based step number concerned, and the recipe's step count.
  public var stepNumber: Int
  public var stepCount: Int
  /// The step's text.
  public var stepText: String
  /// What the cook does now: "`next`", "Soße runs on (4:00 left)", "".
  public var followUp: String
}

/// Computes, for the runs it holds, which alarms are due and when the next one is. The REPL,
/// `watch` and the benchmark share it, so what is measured is what rings.
///
/// Pure: it takes `now` and never reads a clock. Each run has a watermark; alarms are the
/// events in (watermark, now], and collecting moves the watermark to `now`.
public struct AlarmScheduler: Sendable {
  private(set) var runs: [String: Run] = [:]
  private var watermarks: [String: Instant] = [:]

  public init() {}

  /// Holds `runs` as stored now; a run seen for the first time gets `since` as its watermark
  /// (`nil`: only what happens after its last change rings).
  public mutating func update(_ run: Run, since: Instant? = nil) {
    if watermarks[run.id] == nil {
      watermarks[run.id] = since ?? run.lastChange
    }
    runs[run.id] = run
  }

  /// Replaces the whole set with `active` (finished runs drop out once collected).
  public mutating func replace(_ active: [Run], since: (Run) -> Instant? = { _ in nil }) {
    let ids = Set(active.map(\.id))
    for id in runs.keys where !ids.contains(id) {
      runs[id] = nil
      watermarks[id] = nil
    }
    for run in active { update(run, since: since(run)) }
  }

  /// The next instant an alarm is due, or `nil` when no timer is running.
  public func nextDeadline() -> Instant? {
    var best: Instant?
    for (id, run) in runs {
      let wm = watermarks[id] ?? run.lastChange
      guard let due = run.settled(at: wm).run.nextDue else { continue }
      if best == nil || due < best! { best = due }
    }
    return best
  }

  /// The alarms in (watermark, now] of every run, in time order; moves the watermarks to `now`.
  public mutating func collect(at now: Instant) -> [Alarm] {
    var alarms: [Alarm] = []
    for (id, run) in runs {
      let wm = watermarks[id] ?? run.lastChange
      guard now > wm else { continue }
      alarms += Self.alarms(of: run, after: wm, through: now)
      watermarks[id] = now
    }
    return alarms.sorted { ($0.at, $0.runID, $0.kind.rank) < ($1.at, $1.runID, $1.kind.rank) }
  }

  /// The alarms of `run` in (after, through]: fired timers (also ones a later change already
  /// settled), steps started by auto-advance, and the end of the run.
  public static func alarms(of run: Run, after: Instant, through now: Instant) -> [Alarm] {
    let (settled, events) = run.settled(at: now)
    var alarms: [Alarm] = []
    var ranges: [Int: String] = [:]  // by index into `alarms`
    for t in settled.timers.indices {
      guard case .fired(let at) = settled.timers[t].state, at > after, at <= now else { continue }
      alarms.append(make(.timerFired, settled, at: at, timer: t, step: settled.timers[t].step))
      // A range ran its lower bound (docs/recipes.md §6: check early); say how long it may take.
      let timer = settled.timers[t]
      let specs = settled.recipe.steps[timer.step].timers
      if specs.indices.contains(timer.index), let upper = specs[timer.index].upperDuration {
        ranges[alarms.count - 1] = "check it: the recipe allows up to \(DurationText.short(upper))"
      }
    }
    for event in events where event.at > after && event.at <= now {
      switch event.kind {
      case .stepStarted where event.at > run.lastChange:
        alarms.append(make(.stepStarted, settled, at: event.at, timer: nil, step: event.step ?? 0))
      case .finished:
        alarms.append(make(.finished, settled, at: event.at, timer: nil, step: settled.stepIndex))
      default: continue
      }
    }
    // A timer's alarm names what follows, as seen just after it fired.
    for i in alarms.indices where alarms[i].kind == .timerFired {
      let next = followUp(run.settled(at: alarms[i].at).run, at: alarms[i].at)
      alarms[i].followUp = [ranges[i], next].compactMap { $0 }.filter { !$0.isEmpty }
        .joined(separator: " · ")
    }
    return alarms.sorted { ($0.at, $0.kind.rank) < ($1.at, $1.kind.rank) }
  }

  private static func make(
    _ kind: Alarm.Kind, _ run: Run, at: Instant, timer: Int?, step: Int
  ) -> Alarm {
    Alarm(
      kind: kind, runID: run.id, recipe: run.recipe.title, at: at,
      timer: timer.map { label(run, $0) } ?? "", stepNumber: step + 1,
      stepCount: run.stepCount, stepText: run.recipe.steps[step].text, followUp: "")
  }

  private static func followUp(_ run: Run, at now: Instant) -> String {
    switch run.phase {
    case .waiting:
      guard run.stepIndex + 1 < run.stepCount else { return "last step: `next` to finish" }
      let short = StepText.shortened(run.recipe.steps[run.stepIndex + 1].text, to: 60)
      return "`next`: step \(run.stepNumber + 1) — \(short)"
    case .running:
      guard let t = run.shownTimer, let left = run.remaining(ofTimer: t, at: now) else { return "" }
      // A timer that starts this very moment (the next of a sequence, or a new step's).
      if let end = run.endDate(ofTimer: t), end - run.timers[t].totalDuration == now {
        return "\(label(run, t)) starts (\(DurationText.countdown(left)))"
      }
      return "\(label(run, t)) runs on (\(DurationText.countdown(left)) left)"
    case .finished, .stopped: return "done"
    case .paused: return ""
    }
  }
}
