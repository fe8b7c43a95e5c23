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
}
