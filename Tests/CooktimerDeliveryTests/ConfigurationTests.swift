import CooktimerTestSupport
import Foundation
import Testing

/// Refusals before anything is sent (bad tokens: 64; missing or bad settings: 78, one line
/// each), and APNs refusing the provider settings: exit 78 with every push kept.
@Suite("Configuration and refusals", .ownThread)
struct ConfigurationTests {
  @Test func invalidProviderTokenExits78AndKeepsThePushPending() throws {
    let token = randomToken()
    let box = try DeliveryBox()
    try box.write(recipe: "toast", "Toast the bread.\n")
    try box.addPushToStart(token)
    _ = try box.start("toast")
    // A team id APNs does not know: the stand-in refuses the JWT as APNs would.
    let sender = try box.sender(["--apns-team-id", "WRONGTEAM1"])
    #expect(try sender.exitStatus() == 78, "\(sender.summary)")
    let lines = sender.stderr.split(separator: "\n")
    #expect(lines.count == 2, "\(lines)")  // "sending to …", then the reason
    #expect(lines.last?.contains("403 InvalidProviderToken") == true, "\(lines)")
    #expect(try box.standIn.requests().map(\.reason) == ["InvalidProviderToken"])
    let pending = try box.outbox()
    #expect(pending.map { $0["event"] as? String } == ["start"])
    #expect(try box.deliveries().map { $0["status"] as? Int } == [403])
    // Nothing was lost: with the right team the same push goes out, under its apns-id.
    let sent = try box.run(["send", "--once"])
    #expect(sent.stdout == "1 push sent\n", "\(sent.stderr)")
    let requests = try box.standIn.requests()
    #expect(requests.map(\.status) == [403, 200])
    let headers = try #require(pending.first?["headers"] as? [String: String])
    #expect(requests.map(\.apnsID) == Array(repeating: headers["apns-id"]!, count: 2))
  }

  @Test func badTokensExit64AndMissingSettingsExit78WithOneLineEach() throws {
    let box = try DeliveryBox()
    // On a new database, before any command stored a topic.
    let noTopic = try box.run(["send", "--once"], without: ["COOKTIMER_TOPIC"])
    #expect(noTopic.status == 78)
    #expect(noTopic.stderrLines.count == 1, "\(noTopic.stderr)")
    #expect(noTopic.stderr.contains("topic"), "\(noTopic.stderr)")

    let bad = [
      "abc", String(repeating: "zz", count: 32), String(repeating: "ab", count: 15),
      String(repeating: "ab", count: 256),
    ]
    for token in bad {
      let refused = try box.run(["token", "add", "push-to-start", token])
      #expect(refused.status == 64, "\(token): \(refused.stderr)")
      #expect(refused.stderrLines.count == 1, "\(refused.stderr)")
      #expect(refused.stdout.isEmpty)
    }
    try box.write(recipe: "toast", "Toast the bread.\n")
    let run = try box.start("toast")
    for arguments in [["token", "add", "activity", run, "xyz"], ["token", "remove", "12"]] {
      let refused = try box.run(arguments)
      #expect(refused.status == 64, "\(arguments): \(refused.stderr)")
      #expect(refused.stderrLines.count == 1, "\(refused.stderr)")
    }
    #expect(try box.tokens().isEmpty)

    try box.addPushToStart(randomToken())
    let rsa = try TestKeyPair(.rsa)
    defer { try? FileManager.default.removeItem(at: rsa.folder) }
    let missing: [(arguments: [String], without: [String], says: String)] = [
      (["send", "--once"], ["COOKTIMER_APNS_KEY"], "--apns-key"),
      (["send", "--once", "--apns-key", box.folder.path + "/none.p8"], [], "none.p8"),
      (["send", "--once", "--apns-key", rsa.privateKeyFile], [], "P-256"),
      (["send", "--once"], ["COOKTIMER_APNS_KEY_ID"], "key id"),
      (["send", "--once"], ["COOKTIMER_APNS_TEAM_ID"], "team id"),
      (["send"], ["COOKTIMER_APNS_KEY"], "--apns-key"),
    ]
    for (arguments, without, says) in missing {
      let refused = try box.run(arguments, without: without)
      #expect(refused.status == 78, "\(arguments) without \(without): \(refused.stderr)")
      #expect(refused.stderrLines.count == 1, "\(refused.stderr)")
      #expect(refused.stderr.contains(says), "\(refused.stderr)")
    }
    // Nothing went out, and the start waits for a sender that can send it.
    #expect(try box.standIn.requests().isEmpty)
    #expect(try box.outbox().count == 1)
  }
}
