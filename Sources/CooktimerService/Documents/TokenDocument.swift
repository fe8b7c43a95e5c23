import CooktimerStore

/// A push token as `token list --json` and `token add --json` print it (docs/delivery.md §1).
public struct TokenDocument: Encodable, Hashable, Sendable {
  /// Lowercase hex, as stored.
  public var token: String
  /// `push-to-start` or `activity`.
  public var kind: String
  /// The run of an activity token.
  public var run: String?
  /// The activity number (1, 2, …) of an activity token.
  public var activity: Int?
  public var device: String?
  public var sandbox: Bool
  /// ISO 8601 UTC with milliseconds.
  public var createdAt: String

  public init(_ token: PushToken) {
    self.token = token.token
    kind = token.kind.rawValue
    run = token.runID
    activity = token.activity
    device = token.device
    sandbox = token.sandbox
    createdAt = token.createdAt.description
  }
}
