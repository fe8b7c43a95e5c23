import Foundation
import Testing

/// `token add device HEX` (docs/delivery.md §1, §6): argv and exit codes only; what the
/// token is for is tested in process (BackupAlertTests).
@Suite("Device token command")
struct DeviceTokenCommandTests {
  @Test func tokenAddDeviceStoresTheThirdKind() throws {
    let box = try DeliveryBox()
    let hex = String(repeating: "0a", count: 32)
    let added = try box.run(["token", "add", "device", hex.uppercased(), "--device", "phone"])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout == "Added device  0a0a0a0a…  phone\n")
    let listed = try box.json(["token", "list"])["tokens"] as? [[String: Any]]
    #expect(listed?.map { $0["kind"] as? String } == ["device"])
    let wrong = try box.run(["token", "add", "gadget", hex])
    #expect(wrong.status == 64)
    #expect(
      wrong.stderr
        == "cooktimer: `token add` takes push-to-start, activity or device, not gadget\n")
  }

  @Test func appStartedAppliesToActivityTokensOnly() throws {
    let box = try DeliveryBox()
    try box.write(recipe: "tea", "Steep the tea for ~{3%minutes}.\n")
    let run = try box.start("tea")
    let hex = String(repeating: "0b", count: 32)
    let added = try box.run(["token", "add", "activity", run, hex, "--app-started"])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(try box.outbox().isEmpty)  // the start is not sent: the app started the activity
    let wrong = try box.run(["token", "add", "device", hex, "--app-started"])
    #expect(wrong.status == 64)
    #expect(wrong.stderr == "cooktimer: --app-started applies to `token add activity` only\n")
  }
}
