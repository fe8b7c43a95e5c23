import CooktimerCore

/// The result of moving a run's "alarms notified through" watermark.
public enum AlarmWatermarkMove: Hashable, Sendable {
  /// It moved forward from `previous` (`nil`: never set): the caller reports the alarms
  /// after `previous` up to the new instant. Exactly one process gets this for each range.
  case advanced(previous: Instant?)
  /// It was already at or past the instant asked for: someone else reported those alarms.
  case unchanged(current: Instant)
}
