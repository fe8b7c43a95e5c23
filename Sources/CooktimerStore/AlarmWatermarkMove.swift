import CooktimerCore

/// What an ``RunStore/update(runID:_:)`` body returns besides the changed run: everything is
/// written in the same transaction as the run.
public struct StoreChange: Sendable {
  /// Appended to the run's event log, in order.
  public var events: [RunEvent]
  /// Push requests to queue.
  public var outbox: [OutboxDraft]

  public init(events: [RunEvent] = [], outbox: [OutboxDraft] = []) {
    self.events = events
    self.outbox = outbox
  }
}

/// The result of moving a run's "alarms notified through" watermark.
public enum AlarmWatermarkMove: Hashable, Sendable {
  /// It moved forward from `previous` (`nil`: never set): the caller reports the alarms
  /// after `previous` up to the new instant. Exactly one process gets this for each range.
  case advanced(previous: Instant?)
  /// It was already at or past the instant asked for: someone else reported those alarms.
  case unchanged(current: Instant)
}
