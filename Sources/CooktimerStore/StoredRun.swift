import CooktimerCore

/// The stored form of a run (`runs.run_json`): a JSON array in field order, not an object —
/// a `status` decodes every active run on each call, and arrays decode without key lookups.
/// The bytes are fixed: databases written by earlier versions read with it.
struct StoredRun: Codable {
  var run: Run

  init(_ run: Run) { self.run = run }

  init(from decoder: Decoder) throws {
    var c = try decoder.unkeyedContainer()
    run = Run(
      id: try c.decode(String.self), recipe: try c.decode(StoredRecipe.self).recipe,
      autoAdvance: try c.decode(Bool.self), startedAt: try c.decode(Instant.self),
      stepIndex: try c.decode(Int.self), stepStartedAt: try c.decode(Instant.self),
      status: try c.decode(StoredTag.self).status(decoder),
      pausedAt: try c.decodeIfPresent(Instant.self),
      idleSince: try c.decodeIfPresent(Instant.self),
      timers: try c.decode([StoredTimer].self).map(\.timer), lastChange: try c.decode(Instant.self))
  }

  func encode(to encoder: Encoder) throws {
    var c = encoder.unkeyedContainer()
    try c.encode(run.id)
    try c.encode(StoredRecipe(run.recipe))
    try c.encode(run.autoAdvance)
    try c.encode(run.startedAt)
    try c.encode(run.stepIndex)
    try c.encode(run.stepStartedAt)
    try c.encode(StoredTag(run.status))
    try c.encode(run.pausedAt)
    try c.encode(run.idleSince)
    try c.encode(run.timers.map(StoredTimer.init))
    try c.encode(run.lastChange)
  }
}

/// A run's timer, stored as a JSON array in field order (see ``StoredRun``).
struct StoredTimer: Codable {
  var timer: RunTimer

  init(_ timer: RunTimer) { self.timer = timer }

  init(from decoder: Decoder) throws {
    var c = try decoder.unkeyedContainer()
    timer = RunTimer(
      step: try c.decode(Int.self), index: try c.decode(Int.self), name: try c.decode(String.self),
      duration: try c.decodeIfPresent(Int64.self), added: try c.decode(Int64.self),
      start: try storedTimerStart(c.decode(String.self), decoder),
      state: try c.decode(StoredTag.self).timerState(decoder))
  }

  func encode(to encoder: Encoder) throws {
    var c = encoder.unkeyedContainer()
    try c.encode(timer.step)
    try c.encode(timer.index)
    try c.encode(timer.name)
    try c.encode(timer.duration)
    try c.encode(timer.added)
    try c.encode(timer.start.rawValue)
    try c.encode(StoredTag(timer.state))
  }
}

/// A timer's start as stored: its case name (`withStep`, `afterPrevious`, …).
func storedTimerStart(_ text: String, _ decoder: Decoder) throws -> TimerStart {
  guard let start = TimerStart(rawValue: text) else { throw storedFormError(decoder, text) }
  return start
}

func storedFormError(_ decoder: Decoder, _ text: String) -> DecodingError {
  .dataCorrupted(
    DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "unknown \"\(text)\""))
}
