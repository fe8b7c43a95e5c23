import CooktimerTestSupport
import Foundation
import Testing

/// SIGKILL at any moment loses no push and never repeats one answered 200; two senders on
/// one database never send the same push (delivery.md §5).
@Suite("Durability and concurrency", .ownThread)
struct DurabilityTests {
  @Test(.tags(.timing)) func sigkillMidFlightThenRestartLosesNothingAndRepeatsNothingAnswered()
    throws
  {
    let token = randomToken()
    // The three pushes go out side by side (HTTP/2 streams on one connection). The first
    // and third to arrive are answered at once; the second is held 10 s, so it is in
    // flight when the sender dies.
    let box = try DeliveryBox(script: [
      .init(token: token, answers: [.init(200), .init(200, delay: 10), .init(200)])
    ])
    try box.write(recipe: "toast", "Toast the bread.\n")
    try box.addPushToStart(token)
    for _ in 1...3 { _ = try box.start("toast") }
    let ids = try box.outbox().compactMap { ($0["headers"] as? [String: String])?["apns-id"] }
    try #require(ids.count == 3)

    let first = try box.sender()
    let inFlight = try box.requests(count: 3, sender: first)
    #expect(inFlight.map(\.apnsID) == ids)
    let held = inFlight[1].apnsID
    // The answers that came are recorded while the held one is still in flight.
    let recorded = try eventually("two answers recorded") {
      let seen = try box.deliveries().compactMap { $0["apnsID"] as? String }
      return seen.count == 2 ? seen : nil
    }
    #expect(Set(recorded) == Set(ids.filter { $0 != held }))
    first.signal(SIGKILL)
    #expect(try first.exitStatus() == 128 + SIGKILL)
    #expect(
      try box.outbox().compactMap { ($0["headers"] as? [String: String])?["apns-id"] } == [held])

    let restarted = ContinuousClock.now
    let second = try box.sender()
    let all = try box.requests(count: 4, sender: second)
    #expect(ContinuousClock.now - restarted < .seconds(3), "the dead sender's lease held it up")
    _ = try eventually("an empty outbox") { try box.outbox().isEmpty ? true : nil }
    // The push whose answer was lost went again under its apns-id; those answered 200
    // never did.
    #expect(all.map(\.apnsID) == ids + [held])
    #expect(all.map(\.status) == [200, 200, 200, 200])
    let answered = try box.deliveries().filter { $0["status"] as? Int == 200 }
    #expect(answered.compactMap { $0["apnsID"] as? String }.sorted() == ids.sorted())
    second.signal(SIGTERM)
    #expect(try second.exitStatus() == 0)
  }

  @Test func twoSendersOnOneDatabaseNeverSendTheSamePush() throws {
    let tokens = [randomToken(), randomToken()]
    // Answers held back 20 ms, so that one sender's round is still going when the other
    // looks.
    let slow = Array(repeating: APNsStandIn.Answer(200, delay: 0.02), count: 20)
    let box = try DeliveryBox(script: tokens.map { .init(token: $0, answers: slow) })
    try box.write(recipe: "toast", "Toast the bread.\n")
    for token in tokens { try box.addPushToStart(token) }
    for _ in 1...6 { _ = try box.start("toast") }
    let senders = [try box.sender(), try box.sender()]
    for sender in senders { try sender.waitUntilSending() }
    for _ in 1...6 { _ = try box.start("toast") }
    _ = try box.requests(count: 24, within: .seconds(10), sender: senders[1])
    _ = try eventually("an empty outbox") { try box.outbox().isEmpty ? true : nil }
    for sender in senders {
      sender.signal(SIGTERM)
      #expect(try sender.exitStatus() == 0, "\(sender.summary)")
    }
    // Read once both have stopped: a late duplicate would be here too.
    let requests = try box.standIn.requests()
    let sends = requests.map { "\($0.apnsID) \($0.token ?? "")" }
    #expect(sends.count == 24)
    #expect(Set(sends).count == sends.count, "sent twice: \(sends)")
    #expect(Set(requests.map(\.status)) == [200])
  }
}
