import Foundation

/// One Live Activity push to one device token: what `POST /3/device/{token}` carries.
///
/// Source: delivery.md §2; live-activity.md §3; Apple, "Sending notification requests to
/// APNs".
public struct APNsRequest: Hashable, Sendable {
  /// The largest body APNs accepts for a Live Activity, in bytes.
  public static let bodyLimit = 4096
  /// Device and push-to-start tokens are 16 to 255 bytes (delivery.md §1).
  public static let tokenBytes: ClosedRange<Int> = 16...255

  /// The device or push-to-start token, lowercase hex.
  public let deviceToken: String
  /// `apns-push-type`, `liveactivity` for every push of ours.
  public let pushType: String
  /// `apns-topic`: `BUNDLE_ID.push-type.liveactivity`.
  public let topic: String
  /// `apns-priority`: 10 (at once) or 5 (when the device sees fit).
  public let priority: Int
  /// `apns-expiration`: Unix seconds after which APNs discards the push.
  public let expiration: Int64
  /// `apns-id`: the same on every retry of one push to one token; nil lets APNs pick one.
  public let apnsID: UUID?
  /// `apns-collapse-id` (at most 64 bytes), on starts.
  public let collapseID: String?
  /// The exact body bytes, at most ``bodyLimit``.
  public let body: Data

  /// - Throws: ``APNsError/request(_:)`` when `deviceToken` is not 16 to 255 bytes of hex
  ///   (any case; stored lowercase), or `body` is over ``bodyLimit`` bytes, or `collapseID`
  ///   is over 64 bytes.
  public init(
    deviceToken: String, topic: String, priority: Int, expiration: Int64, apnsID: UUID?,
    collapseID: String? = nil, body: Data, pushType: String = "liveactivity"
  ) throws(APNsError) {
    let token = deviceToken.lowercased()
    let isHex = token.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    guard isHex, token.count % 2 == 0, Self.tokenBytes.contains(token.count / 2) else {
      throw .request("device token \(token.prefix(8))… is not 16 to 255 bytes of hex")
    }
    guard body.count <= Self.bodyLimit else {
      throw .request("body is \(body.count) bytes; APNs takes at most \(Self.bodyLimit)")
    }
    if let collapseID, collapseID.utf8.count > 64 {
      throw .request("apns-collapse-id is \(collapseID.utf8.count) bytes; at most 64")
    }
    self.init(
      unchecked: token, topic: topic, priority: priority, expiration: expiration,
      apnsID: apnsID, collapseID: collapseID, body: body, pushType: pushType)
  }

  /// Without the checks, so tests can show what the server says to a request we never send.
  init(
    unchecked deviceToken: String, topic: String, priority: Int, expiration: Int64,
    apnsID: UUID?, collapseID: String?, body: Data, pushType: String
  ) {
    self.deviceToken = deviceToken
    self.topic = topic
    self.priority = priority
    self.expiration = expiration
    self.apnsID = apnsID
    self.collapseID = collapseID
    self.body = body
    self.pushType = pushType
  }

  /// `/3/device/{token}`.
  public var path: String { "/3/device/\(deviceToken)" }

  /// The `apns-*` headers in a fixed order (the `authorization` header is the
  /// connection's). `apns-id` is written in lowercase.
  public var headers: [(name: String, value: String)] {
    var list: [(name: String, value: String)] = [
      ("apns-push-type", pushType),
      ("apns-topic", topic),
      ("apns-priority", String(priority)),
      ("apns-expiration", String(expiration)),
    ]
    if let apnsID { list.append(("apns-id", apnsID.uuidString.lowercased())) }
    if let collapseID { list.append(("apns-collapse-id", collapseID)) }
    return list
  }
}
