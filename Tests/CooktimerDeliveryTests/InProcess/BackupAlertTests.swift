import CooktimerActivity
import CooktimerCore
import CooktimerDelivery
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

/// Issue 20, "a backup alert" (docs/delivery.md §6): a fire whose run has no live activity
/// that accepted a push goes to the app's device token as an ordinary alert, once.
@Suite("Backup alert")
struct BackupAlertTests {
  /// Two teas, one whose activity never reported its update token: its fire reaches the
  /// device token as an alert (once; its card's update, when the token comes, is silent);
  /// the other's fire rings on its Live Activity alone.
  @Test func aFireWithNoUpdateTokenGoesToTheDeviceTokenOnce() throws {
    let rig = try SenderRig()
    let device = SenderRig.token()
    try rig.service.addDeviceToken(device, device: nil, sandbox: false, at: rigT0)
    try rig.service.addPushToStartToken(SenderRig.token(), device: nil, sandbox: false, at: rigT0)
    let lost = try rig.start("Steep the tea for ~{3%minutes}.\n", title: "Tea", at: rigT0)
    let kept = try rig.start("Steep the mint for ~{3%minutes}.\n", title: "Mint", at: rigT0)
    let keptToken = SenderRig.token()
    try rig.service.addActivityToken(keptToken, run: kept.id, activity: 1, sandbox: false)
    #expect(try rig.deliver(at: rigT0 + 100) == 2)  // the two starts

    let fire = rigT0 + 180_000
    #expect(try rig.deliver(at: fire + 50) == 2)
    try rig.deliver(at: fire + 2000)  // nothing more: once per fire
    let afterFire = try rig.requests().dropFirst(2)
    #expect(afterFire.count == 2)
    let alerts = afterFire.filter { $0.request.headers["apns-push-type"] == "alert" }
    try #require(alerts.count == 1)
    #expect(alerts[0].request.token == device)
    #expect(
      (alerts[0].aps["alert"] as? [String: Any])?["title"] as? String == "Tea — timer done")
    #expect(alerts[0].aps["thread-id"] as? String == "cooktimer.\(lost.id)")
    let live = try #require(afterFire.first { $0.request.token == keptToken })
    #expect((live.aps["alert"] as? [String: Any])?["title"] as? String == "Mint — timer done")

    // The lost activity's token comes late: its card is brought up to date without a sound.
    let lateToken = SenderRig.token()
    try rig.service.addActivityToken(lateToken, run: lost.id, activity: 1, sandbox: false)
    #expect(try rig.deliver(at: fire + 60_000) == 1)
    let late = try #require(try rig.requests().last)
    #expect(late.request.token == lateToken)
    #expect(late.aps["alert"] == nil)
    // `deliveries` says which path carried each alarm.
    let paths = try rig.attempts().filter { $0.runID == lost.id }.map {
      "\($0.event) \($0.status ?? 0)"
    }
    #expect(paths == ["start 200", "alert 200", "update 200"])
  }

  /// An update token APNs calls dead at the fire (410): the push fails for good and the
  /// alarm goes by the backup alert.
  @Test func aFireWhoseTokenIsDeadGoesByTheBackupAlert() throws {
    let dead = SenderRig.token()
    let rig = try SenderRig(script: [.init(token: dead, answers: [.init(410, "Unregistered")])])
    let device = SenderRig.token()
    try rig.service.addDeviceToken(device, device: nil, sandbox: false, at: rigT0)
    let run = try rig.start("Steep the tea for ~{3%minutes}.\n", title: "Tea", at: rigT0)
    try rig.service.addActivityToken(dead, run: run.id, activity: 1, sandbox: false)
    try rig.deliver(at: rigT0 + 180_050)
    let sent = try rig.requests()
    #expect(
      sent.map { "\($0.request.status) \($0.request.headers["apns-push-type"] ?? "")" }
        == ["410 liveactivity", "200 alert"])
    #expect(sent.last?.request.token == device)
    #expect(try rig.service.tokens().map(\.token) == [device])
  }
}
