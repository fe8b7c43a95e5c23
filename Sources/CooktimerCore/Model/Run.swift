/// One cooking of one recipe: its current step and every timer it has started.
///
/// A run stores end dates, never remaining time (docs/timers.md §1). The stored value is the
/// state as of `lastChange`; the state at any later instant is derived with
/// ``Run/settled(at:)``, which fires due timers, starts the ones that follow them and,
/// with ``autoAdvance``, starts the next steps — exactly at the instants they happen.
public struct Run: Hashable, Sendable {
  /// A short id, unique in its store (e.g. `"a3f"`).
  public var id: String
  /// The recipe as it was when the run started.
  public var recipe: Recipe
  /// When every timer of a step has fired, start the next step at that instant.
  public var autoAdvance: Bool
  /// When the run started.
  public var startedAt: Instant
  /// The current step, 0-based (shown 1-based as `stepNumber`).
  public var stepIndex: Int
  /// When the current step started.
  public var stepStartedAt: Instant
  /// Active, finished or stopped.
  public var status: RunStatus
  /// The instant the run was paused; `nil` unless paused.
  public var pausedAt: Instant?
  /// When the run last had no live timer: the current step's start, or the instant its
  /// last live timer ended. `nil` while a timer is live.
  public var idleSince: Instant?
  /// Every timer of every step the run has reached, in recipe order.
  public var timers: [RunTimer]
  /// The instant of the last state change; a later change at an earlier `now` is taken
  /// at this instant, so history never reorders.
  public var lastChange: Instant
  /// The instant up to which the cook heard the run's alarms (docs/cli.md §4.2
  /// `acknowledgedUntil`): a timer that fired at or before it rings nowhere again. Kept by
  /// the store beside the run and set when a run is read; no transition changes it.
  public var acknowledgedUntil: Instant? = nil

  /// The current step's number, 1-based.
  public var stepNumber: Int { stepIndex + 1 }
  /// The number of steps of the recipe.
  public var stepCount: Int { recipe.steps.count }
  /// The current step.
  public var step: Step { recipe.steps[stepIndex] }

  public init(
    id: String, recipe: Recipe, autoAdvance: Bool, startedAt: Instant, stepIndex: Int,
    stepStartedAt: Instant, status: RunStatus, pausedAt: Instant?, idleSince: Instant?,
    timers: [RunTimer], lastChange: Instant
  ) {
    self.id = id
    self.recipe = recipe
    self.autoAdvance = autoAdvance
    self.startedAt = startedAt
    self.stepIndex = stepIndex
    self.stepStartedAt = stepStartedAt
    self.status = status
    self.pausedAt = pausedAt
    self.idleSince = idleSince
    self.timers = timers
    self.lastChange = lastChange
  }
}

/// Whether a run goes on.
public enum RunStatus: Hashable, Sendable {
  /// Running, paused or waiting for the cook.
  case active
  /// `next` on the last step, or the last timer of the last step fired with auto-advance.
  case finished(at: Instant)
  /// Ended early with `stop`.
  case stopped(at: Instant)
}

/// What a cook sees of a run at an instant (see docs/live-activity.md §1.4 "phase").
public enum RunPhase: String, Hashable, Sendable, Codable {
  /// A timer counts down.
  case running
  /// The run is paused.
  case paused
  /// No timer is live: an untimed step, or every timer has fired; the cook must act.
  case waiting
  /// After the last step.
  case finished
  /// Ended with `stop`.
  case stopped
}

/// One timer of a run.
public struct RunTimer: Hashable, Sendable {
  /// The step it belongs to, 0-based.
  public var step: Int
  /// Its position among the step's timers, 0-based.
  public var index: Int
  /// Its name, "" if it has none.
  public var name: String
  /// The recipe's duration in milliseconds, `nil` until known (the cook gives it).
  public var duration: Int64?
  /// Milliseconds added (negative: taken away) by `add`.
  public var added: Int64
  /// How it starts relative to the timer before it in its step.
  public var start: TimerStart
  /// Where it is now.
  public var state: RunTimerState

  /// The whole length in milliseconds including added time; 0 if unknown.
  public var totalDuration: Int64 { (duration ?? 0) + added }

  /// Running or paused: it will still fire.
  public var isLive: Bool {
    switch state {
    case .running, .paused: return true
    default: return false
    }
  }

  public init(
    step: Int, index: Int, name: String, duration: Int64?, added: Int64 = 0,
    start: TimerStart, state: RunTimerState
  ) {
    self.step = step
    self.index = index
    self.name = name
    self.duration = duration
    self.added = added
    self.start = start
    self.state = state
  }
}

/// The state of a timer. Running timers store their end date; paused ones their remaining time.
public enum RunTimerState: Hashable, Sendable {
  /// Not started: it waits for its step, for the timer before it, or for a duration.
  case waiting
  /// Counting down; fires when `now >= endDate`.
  case running(endDate: Instant)
  /// Paused with `remaining` milliseconds left (`> 0`).
  case paused(remaining: Int64)
  /// Fired at `at` (its end date).
  case fired(at: Instant)
  /// Not used: an unused alternative, skipped by the cook, or its step was left before it started.
  case skipped(at: Instant)
  /// Stopped while live (`stop`, `next` on the last step, `cancel`).
  case cancelled(at: Instant)

  /// The name scripts see: `running`, `paused`, `waiting`, `fired`, `skipped`, `cancelled`.
  public var name: String {
    switch self {
    case .waiting: return "waiting"
    case .running: return "running"
    case .paused: return "paused"
    case .fired: return "fired"
    case .skipped: return "skipped"
    case .cancelled: return "cancelled"
    }
  }
}

/// Something that happened to a run, at an instant. The store appends these to its event log;
/// the REPL rings an alarm for each `timerFired`.
public struct RunEvent: Hashable, Sendable, Codable {
  /// What happened.
  public enum Kind: String, Hashable, Sendable, Codable {
    case started, stepStarted, timerStarted, timerFired, paused, resumed, added
    case timerSkipped, timerCancelled, stepRestarted, finished, stopped
  }

  public var kind: Kind
  /// When it happened.
  public var at: Instant
  /// The step concerned, 0-based, where there is one.
  public var step: Int?
  /// The timer concerned, as an index into ``Run/timers``, where there is one.
  public var timer: Int?
  /// Milliseconds added (negative: taken away), for `added`.
  public var amount: Int64?

  public init(kind: Kind, at: Instant, step: Int? = nil, timer: Int? = nil, amount: Int64? = nil) {
    self.kind = kind
    self.at = at
    self.step = step
    self.timer = timer
    self.amount = amount
  }
}
