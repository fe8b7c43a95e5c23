import CooktimerCore

/// `status --json` (docs/cli.md §4.2): `{"runs": [RunJSON]}`.
struct StatusJSON: Encodable {
  var runs: [RunJSON]
}

/// One run in `status --json`. Instants as ISO 8601 UTC with milliseconds; remaining in seconds.
struct RunJSON: Encodable {
  var id: String
  var recipe: String
  var phase: String
  var stepNumber: Int
  var stepCount: Int
  var stepName: String
  var autoAdvance: Bool
  var startedAt: String
  var endedAt: String?
  var timers: [TimerJSON]

  /// `run` must be settled at `now`.
  init(_ run: Run, at now: Instant) {
    id = run.id
    recipe = run.recipe.title
    phase = run.phase.rawValue
    stepNumber = run.stepNumber
    stepCount = run.stepCount
    stepName = run.step.text
    autoAdvance = run.autoAdvance
    startedAt = run.startedAt.description
    endedAt = run.endedAt?.description
    timers = run.timers.indices.map { TimerJSON(run, timer: $0, at: now) }
  }
}

/// One timer of a run: `number` is what `skip`/`cancel`/`begin` take.
struct TimerJSON: Encodable {
  var number: Int
  var name: String
  var step: Int
  var state: String
  var duration: Double?
  var endDate: String?
  var remaining: Double?

  init(_ run: Run, timer t: Int, at now: Instant) {
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
