/// What a transition did: the events it produced (including timers that fired and steps
/// that started while settling up to `now`), or, for a safe retry, why nothing changed.
public struct Change: Hashable, Sendable {
  /// Events in the order they happened.
  public var events: [RunEvent]
  /// Set when the transition changed nothing (e.g. "already paused"); retries are safe.
  public var unchanged: String?

  public init(events: [RunEvent] = [], unchanged: String? = nil) {
    self.events = events
    self.unchanged = unchanged
  }

  /// True when the run's state changed.
  public var changedState: Bool { unchanged == nil }
}
