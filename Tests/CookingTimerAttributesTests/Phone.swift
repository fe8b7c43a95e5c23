import Foundation

/// What the phone's ActivityKit decodes: a push's `aps` for an `ActivityAttributes` type,
/// read with a default `JSONDecoder` (dates as seconds since 2001-01-01, `.deferredToDate`).
struct PhonePush<Attributes: ActivityAttributes>: Decodable {
  struct APS: Decodable {
    var event: String
    var timestamp: Int64
    var contentState: Attributes.ContentState
    var attributes: Attributes?
    var attributesType: String?

    enum CodingKeys: String, CodingKey {
      case event, timestamp, attributes
      case contentState = "content-state"
      case attributesType = "attributes-type"
    }
  }
  var aps: APS
}

/// A push body as the phone reads it; the content state also as plain JSON, to compare.
struct Decoded<Attributes: ActivityAttributes> {
  var push: PhonePush<Attributes>
  /// The `content-state` object exactly as sent.
  var sentState: NSDictionary
  /// The decoded state encoded again by the same type, as plain JSON.
  var reencodedState: NSDictionary

  init(_ body: Data) throws {
    push = try JSONDecoder().decode(PhonePush<Attributes>.self, from: body)
    let object = try JSONSerialization.jsonObject(with: body) as? [String: Any]
    let aps = object?["aps"] as? [String: Any]
    sentState = (aps?["content-state"] as? NSDictionary) ?? [:]
    reencodedState =
      (try JSONSerialization.jsonObject(with: JSONEncoder().encode(push.aps.contentState))
        as? NSDictionary) ?? ["not": "an object"]
  }

  /// The state survives decoding whole: every key sent is a field of the type, every value
  /// comes back the same.
  var roundTrips: Bool { sentState == reencodedState }
}

/// 2026-11-29T18:00:00.250Z, a quarter second past, so a lost fraction shows.
let t0Unix: Int64 = 1_795_975_200_250
/// The same instant as the phone's `Date`: 817,668,000.25 s after 2001-01-01.
let t0Date = Date(timeIntervalSinceReferenceDate: 817_668_000.25)
let topic = "com.example.cooktimer"

/// A push body's `aps` object as plain JSON (no key paths: Linux has no key-value coding).
func apsObject(_ body: Data) throws -> [String: Any] {
  ((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["aps"] as? [String: Any])
    ?? [:]
}
