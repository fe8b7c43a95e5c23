import CooktimerTestSupport
import Foundation
import Testing

/// One provider token for many pushes on one connection, and a fresh one when APNs says it
/// has expired (delivery.md §2, §4).
@Suite("Provider tokens", .ownThread)
struct ProviderTokenTests {
  @Test func oneJWTAcrossManyPushesAndAFreshOneAfterExpiredProviderToken() throws {
    let token = randomToken()
    let box = try DeliveryBox()
    try box.write(recipe: "toast", "Toast the bread.\n")
    try box.addPushToStart(token)
    for _ in 1...5 { _ = try box.start("toast") }
    let sender = try box.sender()
    let first = try box.requests(count: 5)
    #expect(first.map(\.status) == Array(repeating: 200, count: 5))
    #expect(Set(first.map(\.jwt)).count == 1)
    #expect(Set(first.map(\.connection)).count == 1)
    let original = try #require(first[0].jwt)

    try box.standIn.script([.init(token: token, answers: [.init(403, "ExpiredProviderToken")])])
    _ = try box.start("toast")
    let renewed = try box.requests(count: 7, sender: sender)
    #expect(renewed[5].status == 403)
    #expect(renewed[5].reason == "ExpiredProviderToken")
    #expect(renewed[5].jwt == original)
    #expect(renewed[6].status == 200)
    #expect(renewed[6].jwt != original)
    #expect(renewed[6].apnsID == renewed[5].apnsID)
    let fresh = try jwtParts(renewed[6].jwt)
    let old = try jwtParts(original)
    #expect(try #require(fresh.claims["iat"] as? Int) >= #require(old.claims["iat"] as? Int))

    // The fresh token is the one kept.
    _ = try box.start("toast")
    let later = try box.requests(count: 8)
    #expect(later[7].jwt == renewed[6].jwt)
    #expect(Set(later.map(\.connection)).count == 1)
    #expect(
      try box.deliveries().compactMap { $0["status"] as? Int } == [
        200, 200, 200, 200, 200, 403, 200, 200,
      ])
    sender.signal(SIGTERM)
    #expect(try sender.exitStatus() == 0)
  }
}

/// Issue 20: the provider token is kept in the database and shared by every sender process
/// for its life, so a cron job of `send --once` signs one, not one per process (APNSwift
/// issue 34, pushy issue 811: 429 TooManyProviderTokenUpdates).
@Suite("Shared provider token")
struct SharedProviderTokenTests {
  @Test func threeSendOnceProcessesShareOneJWT() throws {
    let box = try DeliveryBox()
    try box.write(recipe: "toast", "Toast the bread.\n")
    try box.addPushToStart(randomToken())
    for _ in 1...3 {
      _ = try box.start("toast")
      let sent = try box.run(["send", "--once"])
      #expect(sent.status == 0, "\(sent.stderr)")
      #expect(sent.stdout == "1 push sent\n")
    }
    let requests = try box.standIn.requests()
    #expect(requests.map(\.status) == [200, 200, 200])
    #expect(Set(requests.map(\.jwt)).count == 1)
    #expect(Set(requests.map(\.connection)).count == 3)  // three processes
  }
}
