import CooktimerTestSupport
import Foundation
import Testing

/// What the sender does with each kind of answer (delivery.md §4).
@Suite("APNs answers", .ownThread)
struct AnswerTests {
  @Test func tooManyRequestsTwiceThenSentWithGrowingGapsUnderOneAPNsID() throws {
    let token = randomToken()
    let busy = APNsStandIn.Answer(429, "TooManyRequests")
    let box = try DeliveryBox(script: [.init(token: token, answers: [busy, busy])])
    try box.write(recipe: "toast", "Toast the bread.\n")
    try box.addPushToStart(token)
    let sender = try box.sender()
    try sender.waitUntilSending()
    _ = try box.start("toast")
    let requests = try box.requests(count: 3, within: .seconds(8))
    #expect(requests.map(\.status) == [429, 429, 200])
    #expect(Set(requests.map(\.apnsID)).count == 1)
    #expect(Set(requests.map { $0.headers["apns-id"] }).count == 1)
    // 1 s, then 2 s, each ±20 % (delivery.md §4), plus a little for the round.
    let gaps = zip(requests.dropFirst(), requests).map { $0.time - $1.time }
    #expect((0.8...1.35).contains(gaps[0]), "\(gaps)")
    #expect((1.6...2.55).contains(gaps[1]), "\(gaps)")
    #expect(gaps[1] > gaps[0])
    // Each retry re-renders only a fresh timestamp, still rising.
    let stamps = try requests.map { try jsonObject($0.body)["aps"] as? [String: Any] }
      .map { $0?["timestamp"] as? Int ?? 0 }
    #expect(stamps[0] < stamps[1] && stamps[1] < stamps[2], "\(stamps)")
    let attempts = try eventually("3 recorded attempts") {
      let seen = try box.deliveries()
      return seen.count == 3 ? seen : nil
    }
    #expect(attempts.map { $0["status"] as? Int } == [429, 429, 200])
    #expect(Set(attempts.map { $0["apnsID"] as? String }) == [requests[0].apnsID])
    #expect(sender.stderr.contains("429 TooManyRequests: will retry"))
    sender.signal(SIGTERM)
    #expect(try sender.exitStatus() == 0)
  }

  @Test func unregisteredRemovesTheTokenAndNothingMoreGoesToIt() throws {
    let dead = randomToken()
    let alive = randomToken()
    let box = try DeliveryBox(script: [.init(token: dead, answers: [.init(410, "Unregistered")])])
    try box.write(recipe: "toast", "Toast the bread.\n")
    try box.addPushToStart(dead)
    try box.addPushToStart(alive)
    _ = try box.start("toast")
    let sent = try box.run(["send", "--once"])
    #expect(sent.status == 0)
    #expect(sent.stdout == "1 push sent\n")
    #expect(sent.stderrLines.count == 1, "\(sent.stderr)")
    #expect(sent.stderr.contains("to \(dead.prefix(8)): 410 Unregistered"), "\(sent.stderr)")
    #expect(try box.tokens() == [alive])
    let requests = try box.standIn.requests()
    let answers = Dictionary(uniqueKeysWithValues: requests.map { ($0.token ?? "", $0.status) })
    #expect(answers == [dead: 410, alive: 200])

    _ = try box.start("toast")
    #expect(try box.run(["send", "--once"]).stdout == "1 push sent\n")
    #expect(try box.standIn.requests().dropFirst(2).map(\.token) == [alive])
  }

  @Test func payloadTooLargeFailsWithoutRetry() throws {
    let token = randomToken()
    let box = try DeliveryBox(script: [
      .init(token: token, answers: [.init(413, "PayloadTooLarge")])
    ])
    try box.write(recipe: "toast", "Toast the bread.\n")
    try box.addPushToStart(token)
    _ = try box.start("toast")
    let sent = try box.run(["send", "--once"])
    #expect(sent.status == 0)
    #expect(sent.stdout == "0 pushes sent\n")
    #expect(sent.stderrLines.count == 1, "\(sent.stderr)")
    #expect(sent.stderr.contains("failed: 413 PayloadTooLarge"), "\(sent.stderr)")
    #expect(try box.outbox().isEmpty)
    #expect(try box.tokens() == [token])  // not a dead token
    let attempts = try box.deliveries()
    #expect(attempts.map { $0["status"] as? Int } == [413])
    #expect(attempts.map { $0["reason"] as? String } == ["PayloadTooLarge"])
    // Not retried, however long one waits: it is no longer pending.
    #expect(try box.run(["send", "--once"]).stdout == "0 pushes sent\n")
    #expect(try box.standIn.requests().count == 1)
  }
}
