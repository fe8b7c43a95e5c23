import CooktimerCore

/// How a push is sent, decided by its cause alone — the one place this rule lives
/// (docs/live-activity.md §3.3 shows the same table, with dismissals).
///
/// | cause | priority | alert | sound | expires after |
/// |---|---|---|---|---|
/// | run started | 10 | yes | yes | 1 h |
/// | activity replaced (8-hour limit) | 10 | yes | no | 1 h |
/// | timers fired | 10 | yes | yes | 15 min |
/// | the cook's action (pause … stop) | 10 | no | – | 1 h |
/// | replaced activity retired | 5 | no | – | 10 min |
/// | abandoned run | 5 | no | – | 4 h |
/// | re-scored (another run changed the device's order) | 5 | no | – | 1 h |
///
/// Why: a start without an alert is dropped by the phone (Apple forum 799195, APNSwift issue
/// 232); a timer that fires is the one moment the cook cannot predict, so it must arrive at
/// once and be heard; any other change the phone cannot foresee from its stale date must
/// stop the Lock Screen's countdown at once (10) but echoes the cook's own hand (no alert).
/// Only what the phone can live without goes at 5 (Apple: may be delayed or dropped).
/// A "done" alert an hour late is worse than none, so it expires after 15 minutes; a
/// retired activity dies by itself at 8 hours, 10 minutes after its end is due.
public struct PushRule: Hashable, Sendable {
  public var priority: PushPriority
  /// The push carries an `aps.alert`.
  public var alerts: Bool
  /// The alert plays the default sound.
  public var sound: Bool
  /// Seconds after the push's moment that `apns-expiration` allows APNs to deliver it.
  public var expiresAfter: Int64

  public init(priority: PushPriority, alerts: Bool, sound: Bool, expiresAfter: Int64) {
    self.priority = priority
    self.alerts = alerts
    self.sound = sound
    self.expiresAfter = expiresAfter
  }

  /// The rule for `cause`.
  public static func of(_ cause: PushCause) -> PushRule {
    switch cause {
    case .runStarted:
      return PushRule(priority: .immediately, alerts: true, sound: true, expiresAfter: 3600)
    case .activityReplaced:
      return PushRule(priority: .immediately, alerts: true, sound: false, expiresAfter: 3600)
    case .timersFired:
      return PushRule(priority: .immediately, alerts: true, sound: true, expiresAfter: 900)
    case .cook:
      return PushRule(priority: .immediately, alerts: false, sound: false, expiresAfter: 3600)
    case .activityRetired:
      return PushRule(
        priority: .consideringDevicePower, alerts: false, sound: false, expiresAfter: 600)
    case .abandoned:
      return PushRule(
        priority: .consideringDevicePower, alerts: false, sound: false, expiresAfter: 4 * 3600)
    case .rescored:
      // Only the order of the cards changes: nothing the cook must see at once.
      return PushRule(
        priority: .consideringDevicePower, alerts: false, sound: false, expiresAfter: 3600)
    }
  }
}

extension PushRule {
  /// The `dismissal-date` an `end` with `cause` gets unless told otherwise: a stopped run
  /// leaves the Lock Screen a minute after its end (the cook knows; the card says "stopped"),
  /// a retired activity at once (its successor shows the run), an abandoned run's at once
  /// (issue 20: kept up to 4 h, it sat beside the fresh card when the cook came back); every
  /// other end keeps the system default (up to 4 h), so "done" stays in view.
  public static func dismissal(for cause: PushCause, at now: Instant) -> Dismissal {
    switch cause {
    case .cook(.stop): return .at(now + 60_000)
    case .activityRetired, .abandoned: return .immediate
    default: return .systemDefault
    }
  }
}
