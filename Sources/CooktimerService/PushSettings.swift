import CooktimerActivity
import CooktimerStore

/// How pushes are addressed and worded. The topic is a stored setting: given once (`--topic`,
/// `COOKTIMER_TOPIC`), it is kept in the database for every later process — the sender and
/// the server included — so no push goes out with a placeholder (docs/delivery.md §2).
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
    if let topic, remember, try tx.setting(Self.topicKey) != topic {
      try tx.setSetting(Self.topicKey, topic)
    }
    if let style = alertStyle, remember, try tx.setting(Self.alertsKey) != style.rawValue {
      try tx.setSetting(Self.alertsKey, style.rawValue)
    }
    if out.topic == nil { out.topic = try tx.setting(Self.topicKey) }
    if out.alertStyle == nil {
      out.alertStyle = try tx.setting(Self.alertsKey).flatMap(AlertStyle.init(rawValue:))
    }
    return out
  }
}
