/// The `aps.alert` of a push: what the phone shows and plays (Apple, "Generating a remote
/// notification", Table 2). Either ready text (`title`, `body`) or localization keys the app
/// resolves in its own `Localizable.strings` (`title-loc-key` … `loc-args`).
public struct PushAlert: Hashable, Sendable {
  public var title: String?
  public var body: String?
  public var titleLocKey: String?
  public var titleLocArgs: [String]?
  public var locKey: String?
  public var locArgs: [String]?
  /// `"default"`: the phone's alert sound; `nil`: silent (e.g. a replacement at night).
  public var sound: String?
  /// Localization keys as a Live Activity alert takes them, `"title": {"loc-key", "loc-args"}`
  /// and `"body": {…}` (Apple's Live Activity push examples); `false`: the flat keys of an
  /// ordinary notification (`title-loc-key`, …), which the backup alert uses.
  public var nestsLocKeys = true

  public init(
    title: String? = nil, body: String? = nil, titleLocKey: String? = nil,
    titleLocArgs: [String]? = nil, locKey: String? = nil, locArgs: [String]? = nil,
    sound: String? = "default"
  ) {
    self.title = title
    self.body = body
    self.titleLocKey = titleLocKey
    self.titleLocArgs = titleLocArgs
    self.locKey = locKey
    self.locArgs = locArgs
    self.sound = sound
  }
}

extension PushAlert: Encodable {
  private enum CodingKeys: String, CodingKey {
    case title, body, sound
    case titleLocKey = "title-loc-key"
    case titleLocArgs = "title-loc-args"
    case locKey = "loc-key"
    case locArgs = "loc-args"
  }

  private struct Localized: Encodable {
    var key: String
    var arguments: [String]

    enum CodingKeys: String, CodingKey {
      case key = "loc-key"
      case arguments = "loc-args"
    }
  }

  public func encode(to encoder: Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    if nestsLocKeys, titleLocKey != nil || locKey != nil {
      try c.encodeIfPresent(
        titleLocKey.map { Localized(key: $0, arguments: titleLocArgs ?? []) }, forKey: .title)
      try c.encodeIfPresent(
        locKey.map { Localized(key: $0, arguments: locArgs ?? []) }, forKey: .body)
      try c.encodeIfPresent(sound, forKey: .sound)
      return
    }
    try c.encodeIfPresent(title, forKey: .title)
    try c.encodeIfPresent(body, forKey: .body)
    try c.encodeIfPresent(titleLocKey, forKey: .titleLocKey)
    try c.encodeIfPresent(titleLocArgs, forKey: .titleLocArgs)
    try c.encodeIfPresent(locKey, forKey: .locKey)
    try c.encodeIfPresent(locArgs, forKey: .locArgs)
    try c.encodeIfPresent(sound, forKey: .sound)
  }
}

/// How alerts are written: as text in the recipe's language, or as localization keys.
public enum AlertStyle: String, Hashable, Sendable, CaseIterable {
  /// `title` and `body` in the recipe's language (`locale:` metadata; English otherwise).
  case text
  /// `title-loc-key`/`title-loc-args` and `loc-key`/`loc-args` (docs/live-activity.md §3.4):
  /// the app localizes, the recipe's own words travel as arguments.
  case locKeys = "loc-keys"
}
