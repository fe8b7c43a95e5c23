import Foundation

/// The per-device budget of priority-10 pushes (issue 20). Priority 10 draws down an
/// undocumented per-device budget, and Apple asks to "consider this lower priority first …
/// a mix of priority 5 and 10" (Apple, "Updating and ending your Live Activity with
/// ActivityKit push notifications"). So fires and starts always go at 10 — the cook cannot
/// see them coming, and a start without 10 may never show — while the cook's own echoes
/// (pause, add, next, …) go at 10 only while the device's token has had fewer than
/// ``perHour`` priority-10 pushes answered 200 in the past hour, and at 5 beyond it. An app
/// that sets `NSSupportsLiveActivitiesFrequentUpdates` gets a larger budget from iOS; raise
/// ``perHour`` to match (`COOKTIMER_PRIORITY_BUDGET`).
public struct PriorityBudget: Hashable, Sendable {
  /// The default: 10 priority-10 pushes per device token per hour (DTS on the developer
  /// forums: throttling begins "after around 10 pushes").
  public static let defaultPerHour = 10
  /// The window the budget counts, in milliseconds.
  public static let window: Int64 = 3_600_000

  public var perHour: Int

  public init(perHour: Int = PriorityBudget.defaultPerHour) {
    self.perHour = max(0, perHour)
  }

  /// `COOKTIMER_PRIORITY_BUDGET` (a whole number ≥ 0) from `environment`, else the default.
  public static func from(environment: [String: String]) -> PriorityBudget {
    PriorityBudget(
      perHour: environment["COOKTIMER_PRIORITY_BUDGET"].flatMap { Int($0) }.map { max(0, $0) }
        ?? defaultPerHour)
  }

  /// The priority `push` goes at to a token that has had `used` priority-10 pushes this
  /// hour, and why, in a few words (`deliveries` shows them).
  public func priority(of push: OutboxPush, used: Int) -> (PushPriority, String) {
    if push.kind == .alert { return (.immediately, "backup alert of a fire") }
    switch push.cause {
    case .cook:
      return used < perHour
        ? (.immediately, "cook's change, within budget (\(used + 1) of \(perHour) this hour)")
        : (.consideringDevicePower, "cook's change, over budget (\(perHour) per hour)")
    case .timersFired: return (push.priority, "timer fired")
    case .runStarted, .activityReplaced: return (push.priority, "start")
    case .activityRetired: return (push.priority, "retired activity")
    case .abandoned: return (push.priority, "abandoned run")
    case .rescored:
      // A re-score that took over a pending fire's update carries its alarm: that goes now.
      return push.carriesFire
        ? (.immediately, "timer fired, carried by a re-score")
        : (push.priority, "re-scored: the device's runs changed order")
    }
  }
}
