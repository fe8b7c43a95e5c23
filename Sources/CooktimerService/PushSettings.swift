import CooktimerActivity
import CooktimerStore

/// How pushes are addressed and worded. The topic is a stored setting: given once as
/// `--topic` to any command that opens the database (or as `COOKTIMER_TOPIC` to one that
/// changes runs), it is kept for every later process — the sender and the server included —
/// so no push goes out with a placeholder (docs/cli.md §1.5, docs/delivery.md §2).
public struct PushSettings: Hashable, Sendable {
  /// The app's bundle id as given to this process; `nil`: the stored one, if any.
  public var topic: String?
  /// Text in the recipe's language, or localization keys (`--alerts`).
  public var alertStyle: AlertStyle?
  /// The app's `ActivityAttributes` type name.
  public var attributesType: String

  public init(
    topic: String? = nil, alertStyle: AlertStyle? = nil,
    attributesType: String = "CookingTimerAttributes"
  ) {
    self.topic = topic
    self.alertStyle = alertStyle
    self.attributesType = attributesType
  }

  static let topicKey = "topic"
  static let alertsKey = "alerts"

  /// The settings in force: the given ones, else the stored ones. Given ones are stored
  /// when `remember` (a command that writes anyway), so later processes use them too.
  func resolved(_ tx: StoreTransaction, remember: Bool) throws -> PushSettings {
    var out = self
    // Both read at once: every change resolves them, so each statement saved counts.
    let stored = try tx.settings(Self.topicKey, Self.alertsKey)
    if let topic, remember, stored[Self.topicKey] != topic {
      try tx.setSetting(Self.topicKey, topic)
    }
    if let style = alertStyle, remember, stored[Self.alertsKey] != style.rawValue {
      try tx.setSetting(Self.alertsKey, style.rawValue)
    }
    if out.topic == nil { out.topic = stored[Self.topicKey] }
    if out.alertStyle == nil {
      out.alertStyle = stored[Self.alertsKey].flatMap(AlertStyle.init(rawValue:))
    }
    return out
  }
}

extension RunService {
  /// Stores `topic` and `alertStyle` (those given as options, `--topic` / `--alerts`) when
  /// they differ from the stored ones, so every later process uses them: the one rule of
  /// docs/cli.md §1.5 ("kept" means stored by any command that opens the database). Writes
  /// nothing when neither is given or both are stored already.
  ///
  /// - Throws: ``ServiceError/database(_:)``.
  public func keepSettings(topic: String?, alertStyle: AlertStyle?) throws(ServiceError) {
    guard topic != nil || alertStyle != nil else { return }
    let stored = try reading { tx in
      (try tx.setting(PushSettings.topicKey), try tx.setting(PushSettings.alertsKey))
    }
    let topicNew = topic.map { $0 != stored.0 } ?? false
    let alertsNew = alertStyle.map { $0.rawValue != stored.1 } ?? false
    guard topicNew || alertsNew else { return }
    try writing { tx in
      _ = try PushSettings(topic: topic, alertStyle: alertStyle).resolved(tx, remember: true)
    }
  }
}
