import CooktimerCore

/// Where a run's Live Activity stands: which activity shows it, since when, and whether one
/// is alive at all (docs/live-activity.md §4).
///
/// ActivityKit ends an activity after 8 hours. So ``span`` (8 h − 10 min) after an activity
/// starts it is renewed: a fresh one starts by push-to-start, then the old one ends — in that
/// order, so the Lock Screen is never empty. A run left paused or waiting for
/// ``abandonAfter`` (6 h) or longer at that moment is not renewed: its activity ends, and
/// nothing more is sent until the cook touches the run again, which starts a new activity.
public struct ActivityLifetime: Hashable, Sendable {
  /// ActivityKit's limit on one activity, in milliseconds.
  public static let limit: Int64 = 8 * 3_600_000
  /// How long before ``limit`` an activity is renewed, in milliseconds.
  public static let margin: Int64 = 10 * 60_000
  /// How long a run may sit paused or waiting before its activity is no longer renewed,
  /// in milliseconds.
  public static let abandonAfter: Int64 = 6 * 3_600_000

  /// The activity's number in the run, 1-based.
  public var activity: Int
  /// When that activity started (Unix ms).
  public var startedAt: Instant
  /// False once its `end` was sent and no new one started.
  public var isAlive: Bool
  /// How long one activity lives before renewal, in milliseconds (default 8 h − 10 min).
  public var span: Int64

  public init(
    activity: Int = 1, startedAt: Instant = Instant(unixMilliseconds: 0), isAlive: Bool = true,
    span: Int64 = ActivityLifetime.limit - ActivityLifetime.margin
  ) {
    self.activity = activity
    self.startedAt = startedAt
    self.isAlive = isAlive
    self.span = max(1000, span)
  }

  /// When the alive activity is due for renewal; `nil` when none is alive.
  public var renewalDue: Instant? { isAlive ? startedAt + span : nil }

  /// Whether `run`, settled at its renewal moment `at`, has sat idle long enough to be left.
  public func isAbandoned(_ run: Run, at instant: Instant) -> Bool {
    guard let since = run.restingSince else { return false }
    return instant - since >= Self.abandonAfter
  }

  /// The activity was replaced by the next one at `instant`.
  public mutating func replace(at instant: Instant) {
    activity += 1
    startedAt = instant
  }

  /// A new activity starts at `instant` after the previous one ended.
  public mutating func begin(at instant: Instant) {
    activity += 1
    startedAt = instant
    isAlive = true
  }
}

extension Run {
  /// Since when the run has sat untouched — paused, or waiting for the cook (call on a
  /// settled run); `nil` while a timer runs and after the end.
  public var restingSince: Instant? {
    switch phase {
    case .paused: return pausedAt
    case .waiting: return quietSince
    default: return nil
    }
  }
}
