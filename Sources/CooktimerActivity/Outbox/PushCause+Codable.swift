/// The stored form of a cause inside an outbox row's payload (``OutboxPush``):
/// `{"kind": "timers-fired", "timers": ["Nudeln"]}`, `{"kind": "cook", "action": "pause"}`,
/// `{"kind": "run-started"}`, … One spelling, read back by the sender when it renders.
extension PushCause: Codable {
  private enum CodingKeys: String, CodingKey { case kind, timers, action }

  private enum Kind: String, Codable {
    case runStarted = "run-started"
    case activityReplaced = "activity-replaced"
    case timersFired = "timers-fired"
    case cook
    case activityRetired = "activity-retired"
    case abandoned
    case rescored
  }

  public init(from decoder: Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    switch try c.decode(Kind.self, forKey: .kind) {
    case .runStarted: self = .runStarted
    case .activityReplaced: self = .activityReplaced
    case .timersFired: self = .timersFired(try c.decode([String].self, forKey: .timers))
    case .cook: self = .cook(try c.decode(CookAction.self, forKey: .action))
    case .activityRetired: self = .activityRetired
    case .abandoned: self = .abandoned
    case .rescored: self = .rescored
    }
  }

  public func encode(to encoder: Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .runStarted: try c.encode(Kind.runStarted, forKey: .kind)
    case .activityReplaced: try c.encode(Kind.activityReplaced, forKey: .kind)
    case .timersFired(let names):
      try c.encode(Kind.timersFired, forKey: .kind)
      try c.encode(names, forKey: .timers)
    case .cook(let action):
      try c.encode(Kind.cook, forKey: .kind)
      try c.encode(action, forKey: .action)
    case .activityRetired: try c.encode(Kind.activityRetired, forKey: .kind)
    case .abandoned: try c.encode(Kind.abandoned, forKey: .kind)
    case .rescored: try c.encode(Kind.rescored, forKey: .kind)
    }
  }

  /// Whether this cause is a timer's alarm (the one the backup alert stands in for).
  public var isFire: Bool {
    if case .timersFired = self { return true }
    return false
  }
}

extension CookAction: Codable {}
extension AlertStyle: Codable {}
