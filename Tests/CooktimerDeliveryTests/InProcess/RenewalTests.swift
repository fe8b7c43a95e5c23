import CooktimerActivity
import CooktimerCore
import CooktimerDelivery
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

/// Issue 20, "renewal without a gap" (docs/live-activity.md §4.2): the old activity's end
/// goes only after its successor's start was answered 200.
@Suite("Renewal without a gap")
struct RenewalTests {
  static let renewal = rigT0 + ActivityLifetime().span  // 7 h 50 min

  /// A dough proofs 8 h 10 min. At 7 h 50 min the fresh activity's push-to-start is answered
  /// 410: the old activity keeps its card (no end), keeps getting the updates, and the fire
  /// at 8 h 10 min goes to it silently while the device token gets the backup alert.
  @Test func aRefusedRenewalKeepsTheOldActivity() throws {
    let pushToStart = SenderRig.token()
    let rig = try SenderRig(
      script: [.init(token: pushToStart, answers: [.init(410, "Unregistered")])],
      judgedAt: Self.renewal + 1_200_000)
    let run = try rig.start("Proof the dough for ~{490%minutes}.\n", title: "Dough", at: rigT0)
    let old = SenderRig.token()
    try rig.service.addActivityToken(old, run: run.id, activity: 1, sandbox: false, at: rigT0)
    let device = SenderRig.token()
    try rig.service.addDeviceToken(device, device: "Anna's iPhone", sandbox: false, at: rigT0)
    try rig.service.addPushToStartToken(
      pushToStart, device: nil, sandbox: false, at: Self.renewal - 60_000)

    // The renewal: the start is refused (its token dead), the old card's end is held, then
    // dropped once the refusal is known.
    try rig.deliver(at: Self.renewal + 200)
    try rig.deliver(at: Self.renewal + 1200)
    // The cook pauses at 8 h and resumes 30 s later: the old activity hears both (the
    // pause superseded by the resume, as updates of one activity are).
    _ = try rig.service.perform(.pause, on: run.id, at: rigT0 + 480 * 60_000)
    _ = try rig.service.perform(.resume, on: run.id, at: rigT0 + 480 * 60_000 + 30_000)
    try rig.deliver(at: rigT0 + 480 * 60_000 + 30_500)
    // The fire, at 8 h 10 min 30 s.
    let fire = rigT0 + 490 * 60_000 + 30_000
    try rig.deliver(at: fire + 100)

    let sent = try rig.requests()
    #expect(
      sent.map {
        "\($0.request.status) \(($0.aps["event"] as? String) ?? "alert") \(token($0.request.token, old, pushToStart, device))"
      }
        == ["410 start push-to-start", "200 update old", "200 update old", "200 alert device"])
    // No end ever reached the old activity.
    #expect(!sent.contains { $0.aps["event"] as? String == "end" })
    let rows = try rig.service.store.outbox(runID: run.id)
    let retired = try #require(rows.first { $0.draft.event == "end" })
    #expect(retired.draft.activity == 1)
    let states = try rig.service.store.transaction { tx in
      try tx.pendingPushes().map(\.entry.id)
    }
    #expect(!states.contains(retired.id))

    // The fire's update to the old card: its state, no sound of its own.
    let update = sent[2]
    #expect(update.aps["alert"] == nil)
    let state = try #require(update.aps["content-state"] as? [String: Any])
    #expect(state["phase"] as? String == "waiting")
    // The backup alert: an ordinary alert to the bundle id, time-sensitive, one thread per run.
    let alert = sent[3]
    #expect(alert.request.headers["apns-push-type"] == "alert")
    #expect(alert.request.headers["apns-topic"] == SenderRig.bundleID)
    #expect(alert.request.headers["apns-priority"] == "10")
    #expect(alert.request.headers["apns-expiration"] == String(fire.floorUnixSeconds + 900))
    #expect(
      try jsonObject(alert.request.body)
        == [
          "aps": [
            "alert": [
              "title": "Dough — timer done",
              "body": "Step 1 of 1: Proof the dough for 490 minutes. — time to finish",
            ],
            "sound": "default", "interruption-level": "time-sensitive",
            "thread-id": "cooktimer.\(run.id)",
          ]
        ])
  }

  /// The renewal's start answered 200: the old activity's end goes after it, dismissed at
  /// once, and later updates go to the new activity's token.
  @Test func anAcceptedRenewalEndsTheOldActivityAfterTheStart() throws {
    let pushToStart = SenderRig.token()
    let rig = try SenderRig(judgedAt: Self.renewal + 1_200_000)
    let run = try rig.start("Proof the dough for ~{490%minutes}.\n", title: "Dough", at: rigT0)
    let old = SenderRig.token()
    try rig.service.addActivityToken(old, run: run.id, activity: 1, sandbox: false, at: rigT0)
    try rig.service.addPushToStartToken(
      pushToStart, device: nil, sandbox: false, at: Self.renewal - 60_000)
    try rig.deliver(at: Self.renewal + 200)
    // The end was held in the round that sent the start: only the start went.
    #expect(try rig.requests().map { $0.aps["event"] as? String } == ["start"])
    try rig.deliver(at: Self.renewal + 1200)
    let sent = try rig.requests()
    #expect(sent.map { $0.aps["event"] as? String } == ["start", "end"])
    #expect(sent[1].request.token == old)
    #expect(sent[1].aps["dismissal-date"] as? Int == Int(Self.renewal.floorUnixSeconds))
    let fresh = SenderRig.token()
    try rig.service.addActivityToken(fresh, run: run.id, activity: 2, sandbox: false)
    _ = try rig.service.perform(.pause, on: run.id, at: rigT0 + 480 * 60_000)
    try rig.deliver(at: rigT0 + 480 * 60_000 + 100)
    #expect(try rig.requests().last?.request.token == fresh)
  }

  private func token(_ token: String?, _ old: String, _ pushToStart: String, _ device: String)
    -> String
  {
    switch token {
    case old: return "old"
    case pushToStart: return "push-to-start"
    case device: return "device"
    default: return token ?? "none"
    }
  }
}
