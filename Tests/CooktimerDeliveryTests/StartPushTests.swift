import CooktimerTestSupport
import Foundation
import Testing

/// A start reaches every push-to-start token, with the headers and provider token of
/// delivery.md §2, and is sent once.
@Suite("Start pushes", .ownThread)
struct StartPushTests {
  @Test func startReachesThePushToStartTokenWithExactHeaders() throws {
    let box = try DeliveryBox()
    let token = randomToken()
    try box.addPushToStart(token.uppercased())  // stored lowercase, sent lowercase
    try box.write(recipe: "tea", "Steep the tea for ~{3%minutes}.\n")
    let run = try box.start("tea")
    let queued = try #require(try box.outbox().first)
    let queuedHeaders = try #require(queued["headers"] as? [String: String])
    let queuedBody = try JSONSerialization.data(withJSONObject: queued["body"] as Any)

    let sent = try box.run(["send", "--once"])
    #expect(sent.status == 0, "\(sent.stderr)")
    #expect(sent.stdout == "1 push sent\n")

    let requests = try box.standIn.requests()
    try #require(requests.count == 1, "\(requests)")
    let request = requests[0]
    #expect(request.status == 200, "\(request.reason ?? "")")
    #expect(request.httpVersion == "2")
    #expect(request.method == "POST")
    #expect(request.path == "/3/device/\(token)")
    let apnsHeaders = request.headers.filter { $0.key.hasPrefix("apns-") }
    #expect(
      apnsHeaders == [
        "apns-push-type": "liveactivity", "apns-topic": DeliveryBox.apnsTopic,
        "apns-priority": "10", "apns-expiration": queuedHeaders["apns-expiration"]!,
        "apns-id": queuedHeaders["apns-id"]!, "apns-collapse-id": "cooktimer.\(run).1",
      ])
    // A start is worth an hour (delivery.md §2), but never past its stale date: the tea's
    // 3 minutes end first.
    let created = try unixSeconds(queued["createdAt"])
    let stale = try #require(
      ((try jsonObject(request.body))["aps"] as? [String: Any])?["stale-date"] as? Int)
    #expect(Int64(queuedHeaders["apns-expiration"]!) == Int64(stale))
    #expect(stale < Int(created) + 3600)
    #expect(request.headers["authorization"] == "bearer \(request.jwt ?? "")")
    let jwt = try jwtParts(request.jwt)
    #expect(jwt.header as NSDictionary == ["alg": "ES256", "kid": DeliveryBox.keyID])
    #expect(jwt.claims["iss"] as? String == DeliveryBox.teamID)
    let issued = try #require(jwt.claims["iat"] as? Int)
    #expect(abs(Double(issued) - DeliveryBox.processTime(request)) < 2)
    #expect(jwt.claims.count == 2)
    // The body `outbox` showed, rendered again at the send: the same but for the second
    // it was rendered in.
    func timeless(_ text: String) throws -> NSDictionary {
      var aps = try jsonObject(text)["aps"] as? [String: Any] ?? [:]
      for key in ["timestamp", "relevance-score"] { aps[key] = nil }
      return aps as NSDictionary
    }
    #expect(try timeless(request.body) == timeless(String(decoding: queuedBody, as: UTF8.self)))

    #expect(try box.outbox().isEmpty)
    let attempts = try box.deliveries()
    #expect(attempts.count == 1)
    #expect(attempts.first?["status"] as? Int == 200)
    #expect(attempts.first?["apnsID"] as? String == queuedHeaders["apns-id"])
    #expect(attempts.first?["token"] as? String == String(token.prefix(8)))
    // Sent once: a second round has nothing to do.
    #expect(try box.run(["send", "--once"]).stdout == "0 pushes sent\n")
    #expect(try box.standIn.requests().count == 1)
  }
}
