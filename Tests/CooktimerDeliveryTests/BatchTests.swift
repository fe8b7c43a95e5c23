import CooktimerTestSupport
import Foundation
import Testing

/// The pushes of a round go out side by side (HTTP/2 streams on one connection); each
/// answer that came is recorded even when another in the same wave stops the sender.
@Suite("Pushes sent side by side", .ownThread)
struct BatchTests {
  @Test func aRefusalAmongAnswersKeepsOnlyItsPushPendingAndExits78() throws {
    let token = randomToken()
    // The second request to arrive is refused as a bad provider token would be, at once;
    // the first and third are answered 200 only after it, so they are still in flight when
    // the sender learns it must stop (it used to stop there and send them again later).
    let box = try DeliveryBox(script: [
      .init(
        token: token,
        answers: [
          .init(200, delay: 0.5), .init(403, "InvalidProviderToken"), .init(200, delay: 0.5),
        ])
    ])
    try box.write(recipe: "toast", "Toast the bread.\n")
    try box.addPushToStart(token)
    for _ in 1...3 { _ = try box.start("toast") }
    let ids = try box.outbox().compactMap { ($0["headers"] as? [String: String])?["apns-id"] }
    try #require(ids.count == 3)

    let sender = try box.sender()
    #expect(try sender.exitStatus() == 78, "\(sender.summary)")
    #expect(sender.stderr.contains("403 InvalidProviderToken"), "\(sender.stderr)")
    let first = try box.standIn.requests()
    #expect(first.map(\.apnsID) == ids)
    let refused = first[1].apnsID
    // The two answered 200 are recorded sent; only the refused push waits.
    #expect(
      try box.outbox().compactMap { ($0["headers"] as? [String: String])?["apns-id"] }
        == [refused])
    let statuses = try box.deliveries().map { $0["status"] as? Int }
    #expect(statuses.sorted { ($0 ?? 0) < ($1 ?? 0) } == [200, 200, 403])

    // Sent again only the refused one, under its apns-id.
    let again = try box.run(["send", "--once"])
    #expect(again.stdout == "1 push sent\n", "\(again.stderr)")
    #expect(try box.standIn.requests().map(\.apnsID) == ids + [refused])
  }
}
