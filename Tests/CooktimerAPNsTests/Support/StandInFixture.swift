import CooktimerAPNs
import CooktimerTestSupport
import Foundation

/// A stand-in with a fresh key pair and a fixed clock, and what a test needs to talk to it.
final class StandInFixture {
  static let keyID = "KEYID12345"
  static let teamID = "TEAMID6789"
  /// The stand-in's "now" for token ages; tokens are issued at it unless a test says otherwise.
  static let now: Int64 = 1_700_000_000
  static let topic = "com.example.cooktimer.push-type.liveactivity"
  static let token = String(repeating: "5a", count: 32)
  static let body = Data(#"{"aps":{"event":"update","timestamp":1700000000}}"#.utf8)

  let keys: TestKeyPair
  let key: APNsSigningKey
  let standIn: APNsStandIn

  init(script: [APNsStandIn.Rule] = []) throws {
    keys = try TestKeyPair()
    key = try APNsSigningKey(contentsOfFile: keys.privateKeyFile)
    standIn = try APNsStandIn(
      publicKeyFile: keys.publicKeyFile, keyID: Self.keyID, teamID: Self.teamID, now: Self.now,
      script: script)
  }

  func jwt(issuedAt: Int64 = now, keyID: String = keyID, teamID: String = teamID)
    throws(APNsError) -> String
  {
    try APNsJWT(key: key, keyID: keyID, teamID: teamID, issuedAt: issuedAt).compact
  }

  /// A connection that trusts the stand-in's CA.
  func connection(requestTimeout: Duration = .seconds(10)) throws -> APNsConnection {
    try APNsConnection(
      baseURL: standIn.baseURL, caFile: standIn.caFile, connectTimeout: .seconds(5),
      requestTimeout: requestTimeout)
  }

  static func request(
    token: String = token, priority: Int = 10, topic: String = topic, apnsID: UUID? = nil,
    body: Data = body
  ) throws(APNsError) -> APNsRequest {
    try APNsRequest(
      deviceToken: token, topic: topic, priority: priority, expiration: now + 3600,
      apnsID: apnsID, body: body)
  }

  /// The error `body` throws, or nil.
  static func error(_ body: () throws(APNsError) -> APNsResponse) -> APNsError? {
    do {
      _ = try body()
      return nil
    } catch {
      return error
    }
  }
}
