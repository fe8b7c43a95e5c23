import CooktimerCore
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

/// Issue 21: the same `Idempotency-Key` on two servers at once changes the run once, and the
/// second hears the first's answer (``RunService/answerOnce(for:replaying:_:)``), on an
/// SQLite file and on PostgreSQL: two services, two connections, one database.
@Suite("One idempotency key on two servers at once")
struct IdempotencyAcrossServersTests {
  enum Engine: String, CaseIterable, CustomTestStringConvertible {
    case sqlite, postgresql
    var testDescription: String { rawValue }

    /// Two services on one fresh database, the clock set at `t0`.
    func withTwoServices(_ body: (RunService, RunService, RunStore) throws -> Void) throws {
      func services(_ location: String) throws {
        let (a, b) = (try RunStore.open(location: location), try RunStore.open(location: location))
        try body(Self.service(a), Self.service(b), a)
      }
      switch self {
      case .sqlite:
        let folder = NSTemporaryDirectory() + "cooktimer-idempotency-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try services(folder + "/cooktimer.sqlite3")
      case .postgresql:
        try TestPostgreSQL.withSchema { url in try services(url) }
      }
    }

    private static func service(_ store: RunStore) -> RunService {
      RunService(
        store: store, clock: FixedClock(t0), zone: TimeZone(identifier: "UTC")!,
        settings: PushSettings(topic: "com.example.cooktimer"))
    }
  }

  /// The answer a server gives to adding a minute, naming the server: the second server's
  /// own answer would read differently from the first's.
  private static func answer(_ server: String) -> IdempotentReply {
    IdempotentReply(
      status: 200, headers: ["Content-Type": "text/plain"],
      body: Array("a minute added, answered by \(server)".utf8), requestBodyHash: "h1")
  }

  @Test(arguments: Engine.allCases)
  func theSecondServerWaitsForTheFirstAndReplaysItsAnswer(_ engine: Engine) throws {
    try engine.withTwoServices { a, b, store in
      let run = try a.start(try Kitchen.recipe("tea"), autoAdvance: false, at: t0)
      let added = try #require(try store.read { try $0.run(id: run.id) }).timers[0].added
      let claim = IdempotencyClaim(
        caller: "c1", key: "k1", method: "POST", path: "/v1/runs/\(run.id)/add",
        bodyHash: "h1", at: t0 + second, window: 86_400_000)
      let (aInside, bLooked) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
      let replies = Replies()
      let first = Unshared(a)
      // The first holds its change open until the second has looked for a stored answer
      // and found none: then both change the run, and the second must wait for the first.
      let thread = Thread {
        let a = first.value
        replies.set("a") {
          try a.answerOnce(for: claim, replaying: { $0 }) {
            let reply = Self.answer("a")
            _ = try a.perform(.add(milliseconds: 60_000), on: run.id, at: t0 + second) { _, tx in
              try tx.record(reply, for: claim)
              aInside.signal()
              _ = bLooked.wait(timeout: .now() + 10)
            }
            return reply
          }
        }
      }
      thread.start()
      #expect(aInside.wait(timeout: .now() + 10) == .success)
      replies.set("b") {
        try b.answerOnce(for: claim, replaying: { $0 }) {
          bLooked.signal()
          let reply = Self.answer("b")
          _ = try b.perform(.add(milliseconds: 60_000), on: run.id, at: t0 + second) { _, tx in
            try tx.record(reply, for: claim)
          }
          return reply
        }
      }
      #expect(replies.wait(for: 2))
      #expect(replies.errors.isEmpty)
      // Byte for byte the first's answer, twice; the minute added once.
      #expect(replies.of("a") == Self.answer("a"))
      #expect(replies.of("b") == Self.answer("a"))
      #expect(bLooked.wait(timeout: .now()) == .timedOut)  // taken by the first: b did look
      let stored = try #require(try store.read { try $0.run(id: run.id) })
      #expect(stored.timers[0].added == added + 60_000)
    }
  }

  @Test(arguments: Engine.allCases)
  func aFirstRequestThatFailedBeforeItsCommitLeavesTheRetryToRun(_ engine: Engine) throws {
    try engine.withTwoServices { a, b, store in
      let run = try a.start(try Kitchen.recipe("tea"), autoAdvance: false, at: t0)
      let added = try #require(try store.read { try $0.run(id: run.id) }).timers[0].added
      let claim = IdempotencyClaim(
        caller: "c1", key: "k1", method: "POST", path: "/v1/runs/\(run.id)/add",
        bodyHash: "h1", at: t0 + second, window: 86_400_000)
      struct Lost: Error {}
      #expect(throws: Lost.self) {
        try a.answerOnce(for: claim, replaying: { $0 }) { () throws -> IdempotentReply in
          _ = try a.perform(.add(milliseconds: 60_000), on: run.id, at: t0 + second) { _, tx in
            try tx.record(Self.answer("a"), for: claim)
            throw Lost()
          }
          return Self.answer("a")
        }
      }
      let retried = try b.answerOnce(for: claim, replaying: { $0 }) {
        _ = try b.perform(.add(milliseconds: 60_000), on: run.id, at: t0 + second) { _, tx in
          try tx.record(Self.answer("b"), for: claim)
        }
        return Self.answer("b")
      }
      #expect(retried == Self.answer("b"))
      #expect(try a.storedReply(for: claim) == Self.answer("b"))
      let stored = try #require(try store.read { try $0.run(id: run.id) })
      #expect(stored.timers[0].added == added + 60_000)
    }
  }

  /// PostgreSQL: the connection lost at the end of a change (its backend ended from another
  /// connection just before COMMIT) fails it as busy — the API's 503 "try again", not a 2xx
  /// nor a 500 — with nothing stored, and its retry with the same key runs it once.
  @Test func aChangeWhoseConnectionIsLostAtCommitIsBusyAndItsRetryRunsOnce() throws {
    try TestPostgreSQL.withSchema { url in
      let name = "fault_" + UUID().uuidString.prefix(8).lowercased()
      let service = RunService(
        store: try RunStore.open(location: url + "&application_name=" + name),
        clock: FixedClock(t0), zone: TimeZone(identifier: "UTC")!,
        settings: PushSettings(topic: "com.example.cooktimer"))
      let run = try service.start(try Kitchen.recipe("tea"), autoAdvance: false, at: t0)
      let reader = try RunStore.open(location: url)
      let added = try #require(try reader.read { try $0.run(id: run.id) }).timers[0].added
      let claim = IdempotencyClaim(
        caller: "c1", key: "k1", method: "POST", path: "/v1/runs/\(run.id)/add",
        bodyHash: "h1", at: t0 + second, window: 86_400_000)
      var cut = true
      func add() throws -> IdempotentReply {
        try service.answerOnce(for: claim, replaying: { $0 }) {
          _ = try service.perform(.add(milliseconds: 60_000), on: run.id, at: t0 + second) {
            _, tx in
            try tx.record(Self.answer("a"), for: claim)
            // The first attempt only: its change and answer written, its COMMIT next.
            if cut {
              cut = false
              try Self.terminate(name, through: url)
            }
          }
          return Self.answer("a")
        }
      }
      var kind: DatabaseFailure.Kind?
      do {
        _ = try add()
      } catch let ServiceError.database(failure) {
        kind = failure.kind
      }
      #expect(kind == .busy)
      #expect(try reader.read { try $0.run(id: run.id) }?.timers[0].added == added)
      #expect(try service.storedReply(for: claim) == nil)
      // The retry, on the connection made anew: run once, stored once.
      #expect(try add() == Self.answer("a"))
      #expect(try reader.read { try $0.run(id: run.id) }?.timers[0].added == added + 60_000)
      #expect(try add() == Self.answer("a"))
      #expect(try reader.read { try $0.run(id: run.id) }?.timers[0].added == added + 60_000)
    }
  }

  /// Ends the backend of the connection named `name` (its `application_name`).
  private static func terminate(_ name: String, through url: String) throws {
    // The name is ours (letters, digits, `_`), not outside input.
    try TestPostgreSQL.execute(
      "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity "
        + "WHERE application_name = '\(name)'", on: url)
  }
}

/// A service handed to one other thread, which alone uses it until it ends.
private final class Unshared<T>: @unchecked Sendable {
  let value: T
  init(_ value: T) { self.value = value }
}

/// Each server's answer or error, from its thread.
private final class Replies: @unchecked Sendable {
  private let lock = NSLock()
  private let done = DispatchSemaphore(value: 0)
  private var replies: [String: IdempotentReply] = [:]
  private(set) var errors: [String] = []

  func set(_ server: String, _ body: () throws -> IdempotentReply) {
    do {
      let reply = try body()
      lock.withLock { replies[server] = reply }
    } catch {
      lock.withLock { errors.append("\(server): \(error)") }
    }
    done.signal()
  }

  func of(_ server: String) -> IdempotentReply? { lock.withLock { replies[server] } }

  /// Whether `count` answers came within 20 s.
  func wait(for count: Int) -> Bool {
    (0..<count).allSatisfy { _ in done.wait(timeout: .now() + 20) == .success }
  }
}
