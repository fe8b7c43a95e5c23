import CooktimerCore
import CooktimerDelivery
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

/// Issue 26: "A database lock held over 5 s stops delivery for good: `send` exits 74, and
/// `serve`'s sender stops until `serve` is restarted".
@Suite("A locked database only delays delivery", .tags(.timing), .ownThread)
struct LockedDatabaseTests {
  @Test func theWaitsBetweenFailedRoundsDoubleUpTo15Seconds() {
    var backoff = RoundBackoff()
    let waits = (0..<8).map { _ in backoff.failed() }
    #expect(waits == [500, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000])
    backoff.succeeded()
    #expect(backoff.failed() == 500)
  }

  @Test func healthKeepsTheFirstFailureUntilARoundSucceeds() {
    let health = DeliveryHealth()
    #expect(health.trouble == nil)
    #expect(health.failed(at: t0, reason: "busy"))
    #expect(!health.failed(at: t0 + 500, reason: "busy"))
    #expect(!health.failed(at: t0 + 1_500, reason: "disk full"))
    #expect(health.trouble?.failingSince == t0)
    #expect(health.trouble?.reason == "disk full")
    #expect(health.succeeded())
    #expect(health.trouble == nil)
    #expect(!health.succeeded())
  }

  /// A tester's log after a PostgreSQL restart: `delivery is waiting:
  /// database(postgresql://…: lost the connection…)`, a Swift case name. The store's words.
  @Test func aDatabaseFailureIsSaidInTheStoresWords() {
    let words = "postgresql://kitchen@db/cooktimer: lost the connection to the server; try again"
    let failure = DatabaseFailure(
      kind: .busy, path: "postgresql://kitchen@db/cooktimer", description: words)
    #expect(PushSender.words(ServiceError.database(failure)) == words)
    // `/healthz` (whoever can reach the server) hears the kind, never the location.
    #expect(PushSender.publicWords(ServiceError.database(failure)) == "the database is busy")
    // The store's own error (the sender's claims and records) likewise.
    let stores = StoreError(kind: .unreachable, path: "postgresql://kitchen@db/c", detail: "gone")
    #expect(PushSender.publicWords(stores) == "the database is unreachable")
  }

  /// Another process holds the write lock for longer than SQLite's 5 s busy timeout (until
  /// the sender has said it waits); once it lets go, the push goes out and `send` runs on.
  @Test func aLockHeldOverFiveSecondsOnlyDelaysThePush() throws {
    let token = randomToken()
    let box = try DeliveryBox(script: [.init(token: token, answers: [.init(200)])])
    try box.write(recipe: "toast", "Toast the bread.\n")
    try box.addPushToStart(token)
    _ = try box.start("toast")
    let holder = LockHolder(path: box.folder.appendingPathComponent("db.sqlite3").path)
    try holder.hold()
    let sender = try box.sender()
    try sender.waitUntilSending()
    let waiting = try eventually("the sender saying it waits", within: .seconds(30)) {
      sender.stderr.contains("cooktimer: delivery is waiting: ") ? sender.stderr : nil
    }
    #expect(waiting.contains("database is locked"), "\(waiting)")
    #expect(waiting.contains("trying again until it works (pushes stay queued)"), "\(waiting)")
    #expect(try box.standIn.requests().isEmpty)
    #expect(sender.process.isRunning, "\(sender.summary)")
    holder.release()
    let requests = try box.requests(count: 1, within: .seconds(30), sender: sender)
    #expect(requests.map(\.status) == [200])
    _ = try eventually("`delivery resumed`", within: .seconds(10)) {
      sender.stderr.contains("cooktimer: delivery resumed\n") ? true : nil
    }
    #expect(try box.outbox().isEmpty)
    sender.signal(SIGTERM)
    #expect(try sender.exitStatus() == 0, "\(sender.summary)")
  }
}

/// A write transaction of another connection, held on a thread of its own until released.
private final class LockHolder: @unchecked Sendable {
  let path: String
  private let held = DispatchSemaphore(value: 0)
  private let letGo = DispatchSemaphore(value: 0)
  private let done = DispatchSemaphore(value: 0)

  init(path: String) { self.path = path }

  func hold() throws {
    let store = try RunStore(path: path)
    let thread = Thread { [held, letGo, done] in
      try? store.transaction { tx in
        try tx.setSetting("test.lock", "held")
        held.signal()
        letGo.wait()
      }
      done.signal()
    }
    thread.start()
    held.wait()
  }

  func release() {
    letGo.signal()
    done.wait()
  }
}

extension LockedDatabaseTests {
  /// `serve`'s sender is the same loop: a lock taken while `serve` runs, held past the busy
  /// timeout when a timer's push comes due, is waited out; `/healthz` says so meanwhile
  /// (503, degraded) and is 200 again once delivery resumed.
  @Test func serveSaysDeliveryIsDegradedWhileTheLockIsHeld() throws {
    let (start, update) = (randomToken(), randomToken())
    let box = try DeliveryBox(script: [
      .init(token: start, answers: [.init(200)]), .init(token: update, answers: [.init(200)]),
    ])
    try box.write(recipe: "toast", "Toast for ~{12%seconds}.\n\nEat.\n")
    try box.addPushToStart(start)
    let run = try box.start("toast")
    try box.addActivityToken(update, run: run)
    let (serve, base) = try Self.serve(box)
    // The start push goes out at once; the timer's end comes due while the lock is held.
    #expect(try box.requests(count: 1, sender: serve).map(\.token) == [start])
    let holder = LockHolder(path: box.folder.appendingPathComponent("db.sqlite3").path)
    try holder.hold()
    let degraded = try eventually("/healthz degraded", within: .seconds(30)) {
      let text = try Self.health(base)
      return text.hasSuffix(" 503") ? text : nil
    }
    #expect(degraded.hasPrefix(#"{"delivery":{"failingSince":""#), "\(degraded)")
    // The kind, never the file (the sender's log line has the whole message).
    #expect(degraded.contains(#""reason":"the database is busy""#), "\(degraded)")
    #expect(degraded.hasSuffix(#"},"ok":false,"status":"degraded"} 503"#), "\(degraded)")
    #expect(try box.standIn.requests().count == 1)
    holder.release()
    let requests = try box.requests(count: 2, within: .seconds(30), sender: serve)
    // The timer's push, sent once the lock was let go (to whichever token the rule picks).
    #expect(requests.map(\.status) == [200, 200])
    _ = try eventually("/healthz ok again", within: .seconds(10)) {
      try Self.health(base) == #"{"ok":true} 200"# ? true : nil
    }
    serve.signal(SIGTERM)
    #expect(try serve.exitStatus() == 0, "\(serve.summary)")
  }

  /// Issue 26's lock, already held when `serve` starts: it starts all the same (the keys and
  /// settings it reads at start are reads), its sender waits, and the push goes out after.
  @Test func serveStartsWhileTheLockIsHeldAndDeliversAfter() throws {
    let token = randomToken()
    let box = try DeliveryBox(script: [.init(token: token, answers: [.init(200)])])
    try box.write(recipe: "toast", "Toast the bread.\n")
    try box.addPushToStart(token)
    _ = try box.start("toast")
    let holder = LockHolder(path: box.folder.appendingPathComponent("db.sqlite3").path)
    try holder.hold()
    let (serve, base) = try Self.serve(box)
    _ = try eventually("/healthz degraded", within: .seconds(30)) {
      try Self.health(base).hasSuffix(#""status":"degraded"} 503"#) ? true : nil
    }
    #expect(try box.standIn.requests().isEmpty)
    holder.release()
    #expect(try box.requests(count: 1, within: .seconds(30), sender: serve).map(\.status) == [200])
    _ = try eventually("/healthz ok again", within: .seconds(10)) {
      try Self.health(base) == #"{"ok":true} 200"# ? true : nil
    }
    serve.signal(SIGTERM)
    #expect(try serve.exitStatus() == 0, "\(serve.summary)")
  }

  /// `cooktimer serve --listen 127.0.0.1:0` with the box's settings, and its address.
  static func serve(_ box: DeliveryBox) throws -> (SenderProcess, String) {
    let serve = try SenderProcess(
      arguments: ["--listen", "127.0.0.1:0"], environment: box.environment, folder: box.folder,
      command: "serve")
    let base = try eventually("serve's address", within: .seconds(10)) { () -> String? in
      let line = serve.stdout
      guard let from = line.range(of: "http://"), let to = line.range(of: " (") else { return nil }
      return String(line[from.lowerBound..<to.lowerBound])
    }
    return (serve, base)
  }

  /// `GET /healthz`: the body, a space and the status.
  static func health(_ base: String) throws -> String {
    let reply = try HTTPClient.perform(HTTPClientRequest(base + "/healthz", timeout: 5))
    // As curl's `-w " %{http_code}"` writes it: 000 when no answer came.
    return reply.body + " " + String(format: "%03d", reply.status)
  }
}
