import CooktimerActivity
import CooktimerCore
import CooktimerDelivery
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

/// Issue 20, "render at send time": the outbox records what happened and the sender builds
/// each body from the run's state when it sends, on every attempt (docs/delivery.md §3).
@Suite("Rendering at send time")
struct RenderAtSendTests {
  /// The push-to-start token reaches the backend 10 minutes after `start`: each start shows
  /// its run as it is then, never already stale, and APNs may not hold it past its stale date.
  @Test func aLateStartShowsTheRunAsItIsWhenSent() throws {
    let rig = try SenderRig()
    let stock = try rig.start("Simmer the stock for ~{20%minutes}.\n", title: "Stock", at: rigT0)
    let tea = try rig.start("Steep the tea for ~{3%minutes}.\n", title: "Tea", at: rigT0)
    let late = rigT0 + 600_400
    try rig.service.addPushToStartToken(SenderRig.token(), device: nil, sandbox: false, at: late)
    #expect(try rig.deliver(at: late) == 2)

    let sent = try rig.requests()
    try #require(sent.count == 2)
    let byRun = Dictionary(
      uniqueKeysWithValues: sent.map {
        (($0.aps["attributes"] as? [String: Any])?["runId"] as? String ?? "", $0)
      })
    let stockStart = try #require(byRun[stock.id])
    #expect(stockStart.request.status == 200)
    #expect(stockStart.aps["timestamp"] as? Int == Int(rigT0Seconds + 600))
    // The countdown as it stands at the send: 10 of 20 minutes left, stale at its end.
    #expect(stockStart.aps["stale-date"] as? Int == Int(rigT0Seconds + 1200))
    #expect(stockStart.request.headers["apns-expiration"] == String(rigT0Seconds + 1200))
    let stockState = try #require(stockStart.aps["content-state"] as? [String: Any])
    #expect(stockState["phase"] as? String == "running")
    #expect((stockStart.aps["alert"] as? [String: Any])?["title"] as? String == "Stock — started")

    // The tea's 3 minutes are over: the start shows it done and speaks the fire it missed.
    let teaStart = try #require(byRun[tea.id])
    #expect(teaStart.aps["timestamp"] as? Int == Int(rigT0Seconds + 600))
    #expect(teaStart.aps["stale-date"] == nil)
    #expect(teaStart.request.headers["apns-expiration"] == String(rigT0Seconds + 3600))
    let teaState = try #require(teaStart.aps["content-state"] as? [String: Any])
    #expect(teaState["phase"] as? String == "waiting")
    #expect(
      (teaStart.aps["alert"] as? [String: Any])?["title"] as? String == "Tea — timer done")

    // The fire's update waits for the activity's token, then goes without a second sound.
    let token = SenderRig.token()
    try rig.service.addActivityToken(token, run: tea.id, activity: 1, sandbox: false, at: late)
    #expect(try rig.deliver(at: late + 1000) == 1)
    let update = try #require(try rig.requests().last)
    #expect(update.request.token == token)
    #expect(update.aps["event"] as? String == "update")
    #expect(update.aps["alert"] == nil)
    #expect(update.aps["timestamp"] as? Int == Int(rigT0Seconds + 601))
  }

  /// A push answered 500 twice goes a third time with the timestamp of that second, and a
  /// stale date after it (docs/delivery.md §3: every attempt is rendered anew).
  @Test func eachRetryTakesTheTimestampOfItsOwnSecond() throws {
    let token = SenderRig.token()
    let rig = try SenderRig(script: [
      .init(
        token: token,
        answers: [.init(500, "InternalServerError"), .init(500, "InternalServerError")])
    ])
    let run = try rig.start("Simmer the stock for ~{20%minutes}.\n", title: "Stock", at: rigT0)
    try rig.service.addActivityToken(token, run: run.id, activity: 1, sandbox: false, at: rigT0)
    _ = try rig.service.perform(.pause, on: run.id, at: rigT0 + 60_000)
    _ = try rig.service.perform(.resume, on: run.id, at: rigT0 + 61_200)
    var now = rigT0 + 61_500
    var expected: [Int64] = []
    var previous = rigT0Seconds  // the start's timestamp is taken by no send (no token)
    for _ in 0..<3 {
      try rig.deliver(at: now)
      let stamp = max(now.unixMilliseconds / 1000, previous + 1)
      expected.append(stamp)
      previous = stamp
      let row = try rig.rows(run.id).first { $0.entry.draft.event == "update" }
      guard let next = row?.nextAttemptAt else { break }
      now = next + 300
    }
    let updates = try rig.requests().filter { $0.request.token == token }
    #expect(updates.map(\.request.status) == [500, 500, 200])
    #expect(updates.map { Int64($0.aps["timestamp"] as? Int ?? 0) } == expected)
    for update in updates {
      let sentAt = Int64(update.aps["timestamp"] as? Int ?? 0)
      // 20 minutes less the 1.2 s paused: the end never moves, the stale date is after the send.
      #expect(update.aps["stale-date"] as? Int == Int(rigT0Seconds + 1202))
      #expect(Int64(update.aps["stale-date"] as? Int ?? 0) >= sentAt)
    }
    #expect(try rig.attempts().map(\.status) == [500, 500, 200])
  }
}
