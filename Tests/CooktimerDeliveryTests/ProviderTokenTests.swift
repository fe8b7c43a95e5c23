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
