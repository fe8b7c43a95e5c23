import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerAPNs

@Suite("Answers from the stand-in", .ownThread)
struct AnswerTests {
  @Test func scriptedAnswersComeInOrder() throws {
    let dead = String(repeating: "de", count: 32)
    let gone = String(repeating: "9a", count: 32)
    let busy = String(repeating: "b0", count: 32)
    let fixture = try StandInFixture(script: [
      .init(token: dead, answers: [.init(400, "BadDeviceToken")]),
      .init(token: gone, answers: [.init(410, "Unregistered")]),
      .init(
        token: busy,
        answers: [.init(429, "TooManyRequests"), .init(503, "ServiceUnavailable"), .init(200)]),
    ])
    let connection = try fixture.connection()
    let jwt = try fixture.jwt()
    func send(_ token: String) throws -> APNsResponse {
      try connection.send(StandInFixture.request(token: token), jwt: jwt)
    }
    let badToken = try send(dead)
    #expect(badToken.status == 400)
    #expect(badToken.reason == "BadDeviceToken")
    #expect(badToken.outcome == .deadToken)
    let unregistered = try send(gone)
    #expect(unregistered.status == 410)
    #expect(unregistered.reason == "Unregistered")
    #expect(unregistered.timestamp == StandInFixture.now * 1000)
    #expect(unregistered.outcome == .deadToken)
    #expect(try send(busy).outcome == .retryWithBackoff)
    #expect(try send(busy).outcome == .retryWithBackoff)
    #expect(try send(busy).outcome == .sent)
    #expect(try send(busy).outcome == .sent)  // the rule is used up
    #expect(try fixture.standIn.requests().map(\.status) == [400, 410, 429, 503, 200, 200])
  }

  @Test func payloadTooLarge() throws {
    let fixture = try StandInFixture()
    let big = Data((#"{"aps":{},"pad":""# + String(repeating: "x", count: 4100) + #""}"#).utf8)
    let request = APNsRequest(
      unchecked: StandInFixture.token, topic: StandInFixture.topic, priority: 10,
      expiration: StandInFixture.now, apnsID: nil, collapseID: nil, body: big,
      pushType: "liveactivity")
    let response = try fixture.connection().send(request, jwt: fixture.jwt())
    #expect(response.status == 413)
    #expect(response.reason == "PayloadTooLarge")
    #expect(response.outcome == .failed)
  }

  @Test func invalidProviderTokens() throws {
    let fixture = try StandInFixture()
    let connection = try fixture.connection()
    let otherKey = try APNsSigningKey(contentsOfFile: TestKeyPair().privateKeyFile)
    let otherSigner = try APNsJWT(
      key: otherKey, keyID: StandInFixture.keyID, teamID: StandInFixture.teamID,
      issuedAt: StandInFixture.now
    ).compact
    let good = try fixture.jwt()
    let input = good.split(separator: ".").prefix(2).joined(separator: ".")
    let der = try ES256.derSignature(Data(input.utf8), with: fixture.key)
    let tokens = [
      otherSigner,
      input + "." + Base64URL.encode(der),
      try fixture.jwt(keyID: "OTHERKEY12"),
      try fixture.jwt(teamID: "OTHERTEAM1"),
      "not-a-jwt",
    ]
    for jwt in tokens {
      let response = try connection.send(StandInFixture.request(), jwt: jwt)
      #expect(response.status == 403)
      #expect(response.reason == "InvalidProviderToken")
      #expect(response.outcome == .configurationError)
    }
    #expect(try connection.send(StandInFixture.request(), jwt: good).status == 200)
  }

  @Test func expiredProviderTokenAfterOneHour() throws {
    let fixture = try StandInFixture()
    let connection = try fixture.connection()
    let hourOld = try fixture.jwt(issuedAt: StandInFixture.now - 3600)
    #expect(try connection.send(StandInFixture.request(), jwt: hourOld).status == 200)
    let tooOld = try fixture.jwt(issuedAt: StandInFixture.now - 3601)
    let response = try connection.send(StandInFixture.request(), jwt: tooOld)
    #expect(response.status == 403)
    #expect(response.reason == "ExpiredProviderToken")
    #expect(response.outcome == .renewTokenAndRetryOnce)
    // What the sender does about it: a new token, and the retry goes through.
    var cache = try APNsTokenCache(
      key: fixture.key, keyID: StandInFixture.keyID, teamID: StandInFixture.teamID)
    _ = try cache.token(at: StandInFixture.now - 3601)
    cache.invalidate()
    let renewed = try cache.token(at: StandInFixture.now)
    #expect(try connection.send(StandInFixture.request(), jwt: renewed).status == 200)
  }

  @Test func headerChecks() throws {
    let fixture = try StandInFixture()
    let connection = try fixture.connection()
    let jwt = try fixture.jwt()
    let priority = try connection.send(StandInFixture.request(priority: 7), jwt: jwt)
    #expect([priority.status: priority.reason] == [400: "BadPriority"])
    let topic = try connection.send(
      StandInFixture.request(topic: "com.example.cooktimer"), jwt: jwt)
    #expect([topic.status: topic.reason] == [400: "BadTopic"])
    let pushType = try connection.send(
      APNsRequest(
        deviceToken: StandInFixture.token, topic: StandInFixture.topic, priority: 10,
        expiration: 0, apnsID: nil, body: StandInFixture.body, pushType: "voip"), jwt: jwt)
    #expect([pushType.status: pushType.reason] == [400: "InvalidPushType"])
    // An alert goes to the bundle id itself, never to the Live Activity topic.
    let alert = try connection.send(
      APNsRequest(
        deviceToken: StandInFixture.token, topic: StandInFixture.topic, priority: 10,
        expiration: 0, apnsID: nil, body: StandInFixture.body, pushType: "alert"), jwt: jwt)
    #expect([alert.status: alert.reason] == [400: "BadTopic"])
    let noAPS = try connection.send(StandInFixture.request(body: Data("{}".utf8)), jwt: jwt)
    #expect([noAPS.status: noAPS.reason] == [400: "BadPayload"])
    #expect(Set(try fixture.standIn.requests().map(\.connection)).count == 1)
  }
}
