import CooktimerCore
import Foundation

/// What an outbox row records: what happened (event, cause, moment, run, activity) and how
/// it is to be sent — never the bytes. The sender renders the body from the run's state when
/// it sends (``PushRequest/rendered(_:run:at:timestamp:topic:)``), on every attempt, so a push
/// sent late shows the run as it is then and no stale date is already past (issue 20; nalu
/// PR 222: an activity created already stale is never presented).
///
/// Encoded once (``encoded()``) into the store's `payload` blob; the store keeps it opaque.
public struct OutboxPush: Hashable, Sendable, Codable {
  /// Which APNs path the row takes.
  public enum Kind: String, Hashable, Sendable, Codable {
    /// A Live Activity push (`apns-push-type: liveactivity`) to push-to-start or update tokens.
    case liveActivity = "live-activity"
    /// The backup alert (`apns-push-type: alert`) to the app's device tokens, for a fire no
    /// live activity carried (docs/delivery.md §6).
    case alert
  }

  public var kind: Kind
  /// For ``Kind/alert`` rows: `update` (never sent as `aps.event`).
  public var event: PushEvent
  public var cause: PushCause
  /// The activity it belongs to (for a start: the one it creates), 1-based.
  public var activity: Int
  /// The instant the change happened (the fire, the cook's action), Unix ms.
  public var moment: Instant
  /// The push's own `apns-id` (UUID, lowercase): its first token's send takes it.
  public var apnsID: String
  public var priority: PushPriority
  /// `apns-expiration` as of the moment (moment + the cause's window, ``PushRule``), Unix s;
  /// a start's is further capped at its stale date when rendered.
  public var expiration: Int64
  /// The app's `ActivityAttributes` type name, for a start.
  public var attributesType: String
  public var alertStyle: AlertStyle
  /// The alerting cause of a push this one speaks for: a superseded update's (docs/delivery.md
  /// §3: a "done" is not lost to a later echo of the cook), or, on a start sent late, the
  /// fire its activity has not heard yet.
  public var carriedAlert: PushCause?
  /// A backup alert already carried this push's alarm: the card is updated without one, so
  /// the cook never hears one fire twice.
  public var silenced: Bool
  /// Its alert goes without a sound: the activity sounded an alert within
  /// ``OutboxPush/soundGap`` before it (one sound per moment; issue 20).
  public var soundless: Bool
  /// The `relevance-score` the run has among the device's runs while its timer runs
  /// (``RelevanceRanking/runningScore(of:)``, as of the push's moment); `nil` for a row
  /// written before ranking, which scores the run alone. Other phases score by phase.
  public var runningScore: Double?

  /// Two alerts of one activity closer than this (ms) sound once.
  public static let soundGap: Int64 = 2000

  public init(
    kind: Kind = .liveActivity, event: PushEvent, cause: PushCause, activity: Int,
    moment: Instant, apnsID: String, priority: PushPriority, expiration: Int64,
    attributesType: String = "CookingTimerAttributes", alertStyle: AlertStyle = .text,
    carriedAlert: PushCause? = nil, silenced: Bool = false, soundless: Bool = false,
    runningScore: Double? = nil
  ) {
    self.soundless = soundless
    self.runningScore = runningScore
    self.kind = kind
    self.event = event
    self.cause = cause
    self.activity = activity
    self.moment = moment
    self.apnsID = apnsID
    self.priority = priority
    self.expiration = expiration
    self.attributesType = attributesType
    self.alertStyle = alertStyle
    self.carriedAlert = carriedAlert
    self.silenced = silenced
  }

  /// Where it goes: a start to push-to-start, a backup alert to device tokens, the rest to
  /// its activity's update tokens.
  public var target: PushTarget {
    switch kind {
    case .alert: return .device
    case .liveActivity: return event == .start ? .pushToStart : .activity(activity)
    }
  }

  /// The cause whose alert the push would carry, if any (its own, else the carried one);
  /// `nil` once silenced.
  public var alertingCause: PushCause? {
    if silenced { return nil }
    // Two fires speak as one, naming every timer (the earlier first).
    if case .timersFired(let earlier)? = carriedAlert, case .timersFired(let names) = cause {
      return .timersFired(earlier + names.filter { !earlier.contains($0) })
    }
    // A fire outranks what else would speak: "done" is the alert the cook waits for.
    if let carriedAlert, carriedAlert.isFire, !cause.isFire { return carriedAlert }
    if PushRule.of(cause).alerts { return cause }
    return carriedAlert
  }

  /// Whether the push carries a timer's alarm.
  public var carriesFire: Bool { alertingCause?.isFire ?? false }

  /// The blob the store keeps (JSON, sorted keys).
  public func encoded() -> Data {
    // Only strings, integers and nested values of ours: encoding cannot fail.
    (try? WireJSON.encode(self)) ?? Data()
  }

  /// The payload in `blob`, or `nil` for a row written before payloads (migration 9) or not
  /// one of ours.
  public static func decoded(_ blob: Data?) -> OutboxPush? {
    guard let blob, !blob.isEmpty else { return nil }
    return try? JSONDecoder().decode(OutboxPush.self, from: blob)
  }
}

extension PushTarget {
  /// The store's `target` column (`push-to-start`, `device`, or the activity's number), kept
  /// for readers of the table; the sender reads the payload.
  public var stored: String {
    switch self {
    case .pushToStart: return "push-to-start"
    case .device: return "device"
    case .activity(let n): return String(n)
    }
  }
}
