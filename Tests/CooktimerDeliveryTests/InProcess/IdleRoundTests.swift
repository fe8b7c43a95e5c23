import CooktimerCore
import CooktimerDelivery
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

/// A tester's report (issue 21): on PostgreSQL a sender with one pending push that could not
/// go yet — no activity token registered, or a backoff — committed ~36 empty claims a second,
/// each `NOTIFY` waking it (and every other listener) again, until the push expired. A round
/// with nothing to send only reads (docs/deploy.md §6), and the loop sleeps until the next
/// thing due (docs/delivery.md §3).
@Suite("A sender with nothing to send")
struct IdleRoundTests {
  static let rice = "Cook the rice for ~{12%minutes}.\n\nLet it rest for ~{5%minutes}.\n"

  /// A run of rice moved on to its second step at `rigT0` + 1 s, no token registered: its
  /// start and its update wait, pending. The run's id.
  static func tokenlessRice(_ rig: SenderRig) throws -> String {
    let run = try rig.start(rice, title: "Rice", at: rigT0)
    _ = try rig.service.perform(.next, on: run.id, at: rigT0 + 1000)
    return run.id
  }

  @Test func aRoundWithOnlyTokenlessPushesBeginsNoWrite() throws {
    try tokenlessRoundsWriteNothing(try SenderRig())
  }

  @Test func aRoundOnPostgreSQLWithOnlyTokenlessPushesBeginsNoWriteNorNotifies() throws {
    try TestPostgreSQL.withSchema { url in
      try tokenlessRoundsWriteNothing(try SenderRig(database: url))
    }
  }

  private func tokenlessRoundsWriteNothing(_ rig: SenderRig) throws {
    let run = try Self.tokenlessRice(rig)
    #expect(try rig.rows(run).map(\.entry.draft.event) == ["start", "update"])
    let waiter = try rig.service.changeWaiter(for: [.changes, .pushes])
    let before = rig.service.store.writeCommits
    for second in 2...4 {
      #expect(try rig.deliver(at: rigT0 + Int64(second) * 1000) == 0)
    }
    #expect(rig.sender.rounds == 3)
    #expect(rig.sender.claimTransactions == 0)
    #expect(rig.service.store.writeCommits == before)
    // PostgreSQL: no commit, so no NOTIFY woke anyone (SQLite has no waiter).
    if let waiter { #expect(try waiter.wait(timeout: 0.3) == false) }
    #expect(try rig.rows(run).map(\.state) == [.pending, .pending])
    // Once the phone reports the activity's token, the update goes at the next round.
    let token = SenderRig.token()
    try rig.service.addActivityToken(token, run: run, activity: 1, sandbox: false, at: rigT0 + 5000)
    #expect(try rig.deliver(at: rigT0 + 5000) == 1)
    #expect(rig.sender.claimTransactions == 1)
    #expect(try rig.requests().map(\.request.token) == [token])
  }

  @Test func aRoundWhilePushesWaitOnTheirBackoffBeginsNoWrite() throws {
    let token = SenderRig.token()
    try backedOffRoundsWriteNothing(
      try SenderRig(script: [.init(token: token, answers: [.init(503)])]), token: token)
  }

  @Test func aRoundOnPostgreSQLWhilePushesWaitOnTheirBackoffBeginsNoWrite() throws {
    let token = SenderRig.token()
    try TestPostgreSQL.withSchema { url in
      try backedOffRoundsWriteNothing(
        try SenderRig(script: [.init(token: token, answers: [.init(503)])], database: url),
        token: token)
    }
  }

  private func backedOffRoundsWriteNothing(_ rig: SenderRig, token: String) throws {
    try rig.service.addPushToStartToken(token, device: nil, sandbox: false, at: rigT0)
    let run = try rig.start(Self.rice, title: "Rice", at: rigT0)
    #expect(try rig.deliver(at: rigT0 + 100) == 0)
    #expect(try rig.requests().map(\.request.status) == [503])
    let retry = try #require(try rig.rows(run.id).first?.nextAttemptAt)
    #expect(retry > rigT0 + 100)
    let (claims, commits) = (rig.sender.claimTransactions, rig.service.store.writeCommits)
    #expect(try rig.deliver(at: retry - 1) == 0)
    #expect(rig.sender.claimTransactions == claims)
    #expect(rig.service.store.writeCommits == commits)
    // The loop's next wake is that retry, and it goes then.
    #expect(try rig.service.store.read { tx in try tx.nextRetry(after: retry - 1) } == retry)
    #expect(try rig.deliver(at: retry) == 1)
    #expect(try rig.requests().map(\.request.status) == [503, 200])
  }

  @Test func theLoopRunsOneRoundWhileItsOnlyPushHasNoToken() throws {
    try oneRoundWhileNothingCanGo(try SenderRig())
  }

  @Test func theLoopOnPostgreSQLRunsOneRoundWhileItsOnlyPushHasNoToken() throws {
    try TestPostgreSQL.withSchema { url in
      try oneRoundWhileNothingCanGo(try SenderRig(database: url))
    }
  }

  /// The loop on a clock that stands still at `rigT0` + 10 s: nothing is due before the
  /// timer's end (12 minutes on), so after its first round only another process's commit
  /// may wake it. The update's backoff ran out before that round (a past retry must not
  /// wake it over and over either).
  private func oneRoundWhileNothingCanGo(_ rig: SenderRig) throws {
    let run = try Self.tokenlessRice(rig)
    let update = try #require(try rig.rows(run).last)
    try rig.service.store.transaction { tx in
      try tx.retryPush(update.entry.id, at: rigT0 + 5000, attempts: 1, reason: "503")
    }
    rig.clock.set(rigT0 + 10_000)
    let before = rig.service.store.writeCommits
    let stop = StopSignal()
    let done = DispatchSemaphore(value: 0)
    let sender = rig.sender
    let loop = Loop(sender)
    Thread {
      defer { done.signal() }
      try? loop.sender.run(until: stop)
    }.start()
    // Half a second of wall time to watch it: the spin it replaces ran ~18 rounds in that.
    Thread.sleep(forTimeInterval: 0.5)
    stop.stop()
    done.wait()
    #expect(sender.rounds == 1)
    #expect(sender.claimTransactions == 0)
    #expect(rig.service.store.writeCommits == before)
  }
}

/// The sender handed to the loop's thread; the test reads it only after the loop ended.
private final class Loop: @unchecked Sendable {
  let sender: PushSender
  init(_ sender: PushSender) { self.sender = sender }
}
