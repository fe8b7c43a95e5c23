import CooktimerCore
import CooktimerDelivery
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

/// Issue 26: "A database lock held over 5 s stops delivery for good: `send` exits 74, and
/// `serve`'s sender stops until `serve` is restarted".
@Suite("A locked database only delays delivery")
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
    let t0 = Instant(unixMilliseconds: 1_795_975_200_000)
    #expect(health.trouble == nil)
    #expect(health.failed(at: t0, reason: "busy"))
    #expect(!health.failed(at: t0 + 500, reason: "busy"))
    #expect(health.failed(at: t0 + 1_500, reason: "disk full"))
    #expect(health.trouble?.failingSince == t0)
    #expect(health.trouble?.reason == "disk full")
    #expect(health.succeeded())
    #expect(health.trouble == nil)
    #expect(!health.succeeded())
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
