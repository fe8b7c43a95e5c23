/// When a run's steps will start and end from an instant on, if the cook lets it go on
/// (see ``Run/timeline(at:untimedStep:)``). All instants are Unix epoch milliseconds.
public struct Timeline: Hashable, Sendable {
  /// One step of the projection.
  public struct Entry: Hashable, Sendable {
    /// The step, 0-based.
    public var step: Int
    /// When it starts (for the current step: when it did start).
    public var start: Instant
    /// When it ends: the next step starts, or the run finishes.
    public var end: Instant
    /// True when its end waits for the cook (an untimed step, a timer without a duration,
    /// or a run without auto-advance): then `end` includes the assumed `untimedStep`.
    public var waitsForCook: Bool

    public init(step: Int, start: Instant, end: Instant, waitsForCook: Bool) {
      self.step = step
      self.start = start
      self.end = end
      self.waitsForCook = waitsForCook
    }
  }

  /// The instant the projection starts from (the `now` asked for, or ``Run/lastChange``).
  public var from: Instant
  /// The current step and every later one, in order; empty for an ended run.
  public var entries: [Entry]
  /// When the whole recipe is done ("dinner at 19:12"); for an ended run, when it ended.
  public var done: Instant

  public init(from: Instant, entries: [Entry], done: Instant) {
    self.from = from
    self.entries = entries
    self.done = done
  }
}
