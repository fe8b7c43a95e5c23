import Foundation

/// The body of an APNs Live Activity push, as a domain value (docs/live-activity.md §3.2; Apple,
/// "Starting and updating Live Activities with ActivityKit push notifications").
///
/// Generic over the content state so any `Encodable` state encodes the same way (the app's
/// is ``CookingContentState``). Dates here are integer Unix seconds, as APNs wants them in
/// `aps`; the content state carries its own (2001-based) dates.
public struct LiveActivityPushBody<State: Encodable & Sendable>: Sendable {
  public var event: PushEvent
  /// Unix seconds; strictly increasing per run (``nextTimestamp(now:previous:)``).
  public var timestamp: Int64
  public var contentState: State
  /// start only: the app's `ActivityAttributes` type name.
  public var attributesType: String?
  /// start only: the static attributes (never the content state).
  public var attributes: CookingAttributes?
  public var alert: PushAlert?
  /// Unix seconds; start and update only.
  public var staleDate: Int64?
  /// Unix seconds; end only.
  public var dismissalDate: Int64?
  /// start only: asks the phone (iOS 18) to report the new activity's push token; sent as `1`.
  public var inputPushToken: Bool
  public var relevanceScore: Double?

  public init(
    event: PushEvent, timestamp: Int64, contentState: State, attributesType: String? = nil,
    attributes: CookingAttributes? = nil, alert: PushAlert? = nil, staleDate: Int64? = nil,
    dismissalDate: Int64? = nil, inputPushToken: Bool = false, relevanceScore: Double? = nil
  ) {
    self.event = event
    self.timestamp = timestamp
    self.contentState = contentState
    self.attributesType = attributesType
    self.attributes = attributes
    self.alert = alert
    self.staleDate = staleDate
    self.dismissalDate = dismissalDate
    self.inputPushToken = inputPushToken
    self.relevanceScore = relevanceScore
  }

  /// The bytes to POST: `{"aps": {...}}`, sorted keys, slashes not escaped, absent keys left out.
  public func encoded() throws(ActivityError) -> Data {
    try WireJSON.encode(Storage(aps: APS(self)))
  }

  /// The wire form: APNs' key names, nothing else inside `aps`.
  private struct Storage: Encodable {
    var aps: APS
  }

  private struct APS: Encodable {
    var event: String
    var timestamp: Int64
    var contentState: State
    var attributesType: String?
    var attributes: CookingAttributes?
    var alert: PushAlert?
    var staleDate: Int64?
    var dismissalDate: Int64?
    var inputPushToken: Int?
    var relevanceScore: Double?

    enum CodingKeys: String, CodingKey {
      case event, timestamp, alert, attributes
      case contentState = "content-state"
      case attributesType = "attributes-type"
      case staleDate = "stale-date"
      case dismissalDate = "dismissal-date"
      case inputPushToken = "input-push-token"
      case relevanceScore = "relevance-score"
    }

    init(_ body: LiveActivityPushBody) {
      event = body.event.rawValue
      timestamp = body.timestamp
      contentState = body.contentState
      attributesType = body.attributesType
      attributes = body.attributes
      alert = body.alert
      staleDate = body.staleDate
      dismissalDate = body.dismissalDate
      inputPushToken = body.inputPushToken ? 1 : nil
      relevanceScore = body.relevanceScore
    }
  }
}
