import CooktimerCore

/// `status --json` and `GET /v1/runs` (docs/cli.md "JSON shapes", docs/api.md §1):
/// `{"runs": [RunDocument]}`.
public struct StatusDocument: Encodable, Sendable {
  public var runs: [RunDocument]

  public init(runs: [RunDocument]) { self.runs = runs }

  /// The runs, each shown at `now` or its last change if that is later (history never
  /// reorders).
  public init(_ runs: [Run], at now: Instant) {
    self.runs = runs.map { RunDocument($0, at: max(now, $0.lastChange)) }
  }

  /// The runs, each shown at the instant it is settled at.
  public init(_ runs: [SettledRun]) { self.runs = runs.map(RunDocument.init) }
}

/// One run as `status --json` shows it and the API sends it. Instants are ISO 8601 UTC with
/// milliseconds; `remaining` and `duration` are seconds.
public struct RunDocument: Encodable, Sendable {
  public var id: String
  public var recipe: String
  /// `running`, `paused`, `waiting`, `finished` or `stopped` (docs/live-activity.md §1).
  public var phase: String
  public var stepNumber: Int
  public var stepCount: Int
  public var stepName: String
  public var autoAdvance: Bool
  public var startedAt: String
  public var endedAt: String?
  /// Up to when the run's alarms were heard (ISO 8601 with milliseconds); absent if never.
  public var acknowledgedUntil: String?
  public var timers: [TimerDocument]
  /// The current step's suggested timers `begin sN` can start now (times its words name);
  /// absent when there are none.
  public var suggestedTimers: [SuggestionDocument]?

  /// The run at the instant it is settled at.
  public init(_ settled: SettledRun) { self.init(settled.run, at: settled.at) }

  /// `run` must be settled at `now` (a change's outcome is: ``RunService/Outcome``);
  /// a run read from the store is a ``SettledRun`` (``init(_:)-(SettledRun)``).
  public init(_ run: Run, at now: Instant) {
    id = run.id
    recipe = run.recipe.title
    phase = run.phase.rawValue
    stepNumber = run.stepNumber
    stepCount = run.stepCount
    stepName = run.step.text
    autoAdvance = run.autoAdvance
    startedAt = run.startedAt.description
    endedAt = run.endedAt?.description
    acknowledgedUntil = run.acknowledgedUntil?.description
    timers = run.timers.indices.map { TimerDocument(run, timer: $0, at: now) }
    let offered = run.isActive ? run.startableSuggestions : []
    suggestedTimers = offered.isEmpty ? nil : offered.map(SuggestionDocument.init)
  }
}

/// A suggested timer of a run's current step: `label` is what `begin` takes (`s1`); its
/// words, its length in seconds (a range's lower bound) and a range's upper bound.
public struct SuggestionDocument: Encodable, Sendable {
  public var label: String
  public var text: String
  public var seconds: Double
  public var upperSeconds: Double?

  public init(_ suggestion: SuggestedTimer) {
    label = suggestion.label
    text = suggestion.text
    seconds = Double(suggestion.duration) / 1000
    upperSeconds = suggestion.upperDuration.map { Double($0) / 1000 }
  }
}

/// One timer of a run: `number` (1-based) is what `skip`/`cancel`/`begin` take.
public struct TimerDocument: Encodable, Sendable {
  public var number: Int
  public var name: String
  /// The step it belongs to, 1-based.
  public var step: Int
  public var state: String
  /// Its whole length in seconds, added time included; absent while unknown.
  public var duration: Double?
  /// ISO 8601 with milliseconds, for running and fired timers.
  public var endDate: String?
  /// Seconds left, for running and paused timers.
  public var remaining: Double?

  public init(_ run: Run, timer t: Int, at now: Instant) {
    let timer = run.timers[t]
    number = t + 1
    name = timer.name
    step = timer.step + 1
    state = timer.state.name
    duration = timer.duration.map { Double($0 + timer.added) / 1000 }
    switch timer.state {
    case .running(let end), .fired(let end): endDate = end.description
    default: endDate = nil
    }
    remaining = run.remaining(ofTimer: t, at: now).map { Double($0) / 1000 }
  }
}

/// The answer to a state change (a CLI command with `--json`, `POST /v1/runs/{id}/pause`
/// and the others, docs/api.md §1): the run after it, and whether anything changed.
public struct ChangeDocument: Encodable, Sendable {
  public var id: String
  public var changed: Bool
  /// Why nothing changed ("already paused"), when nothing did.
  public var note: String?
  public var run: RunDocument

  public init(run: Run, change: Change, at now: Instant) {
    id = run.id
    changed = change.changedState
    note = change.unchanged
    self.run = RunDocument(run, at: now)
  }
}

/// `timeline --json` and `GET /v1/runs/{id}/timeline`: when each step starts and ends if the
/// run goes on untouched; instants as ISO 8601 UTC with milliseconds.
public struct TimelineDocument: Encodable, Sendable {
  public struct Step: Encodable, Sendable {
    public var number: Int
    public var start: String
    public var end: String
    public var waitsForCook: Bool
  }

  public var id: String
  public var from: String
  public var done: String
  public var steps: [Step]

  public init(id: String, _ timeline: Timeline) {
    self.id = id
    from = timeline.from.description
    done = timeline.done.description
    steps = timeline.entries.map {
      Step(
        number: $0.step + 1, start: $0.start.description, end: $0.end.description,
        waitsForCook: $0.waitsForCook)
    }
  }
}
