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
///
/// Idle work does not grow with the number of runs: each run's next possible alarm is worked
/// out once, when the run is handed over or rings, and ``collect(at:)`` and
/// ``nextDeadline()`` read only the earliest of them until one is due. A round with nothing
/// due moves no watermark by hand: every run held during it counts as collected through that
/// round's `now` (see ``watermark(of:)``).
public struct AlarmScheduler: Sendable {
  /// One run as stored, its watermark, and the earliest instant an alarm may follow it.
  private struct Entry: Sendable {
    var run: Run
    var watermark: Instant
    /// The collect round in which ``watermark`` was last set; later rounds moved it on.
    var round: Int
    /// The first instant after the watermark at which the run can have an alarm; `nil`: none.
    var due: Instant?
  }

  private var entries: [String: Entry] = [:]
  /// Collect rounds so far, and the `now` of the latest.
  private var round = 0
  private var lastCollect: Instant?
  /// The smallest ``Entry/due``: the next deadline.
  private var earliest: Instant?

  public init() {}

  /// The runs held, by id.
  var runs: [String: Run] { entries.mapValues(\.run) }

  /// Holds `runs` as stored now; a run seen for the first time gets `since` as its watermark
  /// (`nil`: only what happens after its last change rings).
  public mutating func update(_ run: Run, since: Instant? = nil) {
    put(run, since: since)
    refreshEarliest()
  }

  /// Replaces the whole set with `active` (finished runs drop out once collected).
  public mutating func replace(_ active: [Run], since: (Run) -> Instant? = { _ in nil }) {
    let ids = Set(active.map(\.id))
    for id in entries.keys where !ids.contains(id) { entries[id] = nil }
    for run in active { put(run, since: since(run)) }
    refreshEarliest()
  }

  /// The next instant an alarm is due, or `nil` when no timer is running.
  public func nextDeadline() -> Instant? { earliest }

  /// The alarms in (watermark, now] of every run, in time order; moves the watermarks to `now`.
  public mutating func collect(at now: Instant) -> [Alarm] {
    defer {
      round += 1
      lastCollect = now
    }
    guard let earliest, earliest <= now else { return [] }
    var alarms: [Alarm] = []
    let due = entries.compactMap { id, entry in entry.due.map { $0 <= now } == true ? id : nil }
    for id in due {
      guard var entry = entries[id] else { continue }
      let wm = watermark(of: entry)
      if now > wm { alarms += Self.alarms(of: entry.run, after: wm, through: now) }
      entry.watermark = max(wm, now)
      entry.round = round + 1  // set in the round this call ends
      entry.due = Self.nextAlarm(of: entry.run, after: entry.watermark)
      entries[id] = entry
    }
    refreshEarliest()
    return alarms.sorted { ($0.at, $0.runID, $0.kind.rank) < ($1.at, $1.runID, $1.kind.rank) }
  }

  /// The entry's watermark as if every collect round since it was set had moved it to that
  /// round's `now` (rounds with nothing due for it leave the entry untouched).
  private func watermark(of entry: Entry) -> Instant {
    guard entry.round < round, let lastCollect else { return entry.watermark }
    return max(entry.watermark, lastCollect)
  }

  private mutating func put(_ run: Run, since: Instant?) {
    guard var entry = entries[run.id] else {
      let wm = since ?? run.lastChange
      entries[run.id] = Entry(
        run: run, watermark: wm, round: round, due: Self.nextAlarm(of: run, after: wm))
      return
    }
    // Reloads hand over every run again; one that did not change keeps its due instant.
    guard entry.run != run else { return }
    entry.watermark = watermark(of: entry)
    entry.round = round
    entry.run = run
    entry.due = Self.nextAlarm(of: run, after: entry.watermark)
    entries[run.id] = entry
  }

  private mutating func refreshEarliest() {
    earliest = entries.values.lazy.compactMap(\.due).min()
  }

  /// The first instant after `watermark` at which `run` can have an alarm: the next timer
  /// to fire as settled there, or a fire another process recorded after it.
  static func nextAlarm(of run: Run, after watermark: Instant) -> Instant? {
    let recorded = FiredTimers.fired(
      in: run, after: watermark, through: Instant(unixMilliseconds: .max))
    return ([run.settled(at: watermark).run.nextDue] + recorded.map(\.at)).compactMap { $0 }.min()
  }

  /// The alarms of `run` in (after, through]: fired timers (also ones a later change already
  /// settled), steps started by auto-advance, and the end of the run.
  public static func alarms(of run: Run, after: Instant, through now: Instant) -> [Alarm] {
    let atNow = run.settled(at: now)
    let (settled, events) = (atNow.run, atNow.events)
    var alarms: [Alarm] = []
    var ranges: [Int: String] = [:]  // by index into `alarms`
    // What fired is the one rule's (``FiredTimers``), as the sender and the server tell it.
    for fired in FiredTimers.fired(in: settled, after: after, through: now) {
      let t = fired.timer
      alarms.append(
        make(.timerFired, settled, at: fired.at, timer: t, step: settled.timers[t].step))
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
