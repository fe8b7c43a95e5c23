import CooktimerCore
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

/// docs/api.md §2.1: pairing codes in the database, on an SQLite file and on PostgreSQL —
/// two services on one database stand for two servers behind a load balancer.
@Suite("Pairing codes shared by every server")
struct PairingCodeTests {
  typealias Engine = IdempotencyAcrossServersTests.Engine

  @Test(arguments: Engine.allCases)
  func madeOnOneServerRedeemedOnAnotherOnce(_ engine: Engine) throws {
    try engine.withTwoServices { a, b, _ in
      let code = try a.makePairingCode(at: t0)
      #expect(code.expiresAt == t0 + 600_000)
      #expect(code.text.count == 10)
      #expect(code.text.utf8.allSatisfy { PairingCode.alphabet.contains($0) })
      #expect(try b.pair(code: "0000000000", name: nil, at: t0) == nil)
      // A name no key can have: refused, and the code stays good.
      #expect(throws: ServiceError.self) { try b.pair(code: code.text, name: "a b", at: t0) }
      // Typed in lower case with a hyphen it still counts.
      let typed = code.text.prefix(5).lowercased() + "-" + code.text.dropFirst(5).lowercased()
      let created = try #require(try b.pair(code: typed, name: "tablet", at: t0 + 1))
      #expect(created.record.name == "tablet")
      #expect(created.record.createdAt == t0 + 1)
      #expect(try a.validAPIKeys().map(\.name) == ["tablet"])
      // Used up, on either server.
      #expect(try a.pair(code: code.text, name: "other", at: t0 + 2) == nil)
      #expect(try b.pair(code: code.text, name: "other", at: t0 + 2) == nil)
      // The same name again gets a suffix.
      let next = try b.makePairingCode(at: t0 + 3)
      #expect(try a.pair(code: next.text, name: "tablet", at: t0 + 4)?.record.name == "tablet-2")
    }
  }

  @Test(arguments: Engine.allCases)
  func expiredAtExactlyTenMinutes(_ engine: Engine) throws {
    try engine.withTwoServices { a, b, _ in
      let code = try a.makePairingCode(at: t0)
      #expect(try b.pair(code: code.text, name: nil, at: t0 + 600_000) == nil)
      let other = try a.makePairingCode(at: t0)
      #expect(try b.pair(code: other.text, name: nil, at: t0 + 599_999)?.record.name == "paired1")
    }
  }

  @Test(arguments: Engine.allCases)
  func twoServersRedeemingOneCodeAtOnceMakeOneKey(_ engine: Engine) throws {
    try engine.withTwoServices { a, b, _ in
      let code = try a.makePairingCode(at: t0)
      let results = Results()
      let group = DispatchGroup()
      for service in [Handed(a), Handed(b)] {
        group.enter()
        Thread {
          let made = try? service.value.pair(code: code.text, name: "tablet", at: t0 + 1)
          results.add(made != nil)
          group.leave()
        }.start()
      }
      #expect(group.wait(timeout: .now() + 30) == .success)
      #expect(results.value.filter { $0 }.count == 1)
      #expect(results.value.count == 2)
      #expect(try a.validAPIKeys().map(\.name) == ["tablet"])
    }
  }

  @Test(arguments: Engine.allCases)
  func theNewestSixteenStayOutstanding(_ engine: Engine) throws {
    try engine.withTwoServices { a, b, _ in
      let made = try (0..<20).map { try a.makePairingCode(at: t0 + Int64($0)).text }
      #expect(Set(made).count == 20)
      #expect(try b.pair(code: made[3], name: nil, at: t0 + 100) == nil)
      #expect(try b.pair(code: made[4], name: nil, at: t0 + 100) != nil)
      #expect(try b.pair(code: made[19], name: nil, at: t0 + 100) != nil)
    }
  }

  @Test func crockfordReadingOfTypedCodes() {
    #expect(PairingCode.normalized("o1-il ab") == "0111AB")
  }
}

/// Each thread's outcome.
private final class Results: @unchecked Sendable {
  private let lock = NSLock()
  private var outcomes: [Bool] = []
  func add(_ outcome: Bool) { lock.withLock { outcomes.append(outcome) } }
  var value: [Bool] { lock.withLock { outcomes } }
}

/// A service handed to one other thread, which alone uses it from then on.
private final class Handed: @unchecked Sendable {
  let value: RunService
  init(_ value: RunService) { self.value = value }
}
