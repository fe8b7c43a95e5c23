import CooktimerCore
import CooktimerService
import CooktimerTestSupport
import Testing

/// A device name is at most 64 characters (as an API key's name, docs/api.md §2): a tester
/// stored a 3,000-character `--device`, printed again by every `token list`.
@Suite("Device name length")
struct DeviceNameLimitTests {
  static let token = String(repeating: "ab", count: 32)

  @Test func sixtyFourCharactersFitAndSixtyFiveDoNot() throws {
    let kitchen = try Kitchen()
    let fits = String(repeating: "é", count: 64)
    try kitchen.service.addPushToStartToken(Self.token, device: fits, sandbox: false, at: t0)
    #expect(try kitchen.service.tokens().map(\.device) == [fits])
    #expect(
      throws: ServiceError.invalid("a device name is at most 64 characters, not 65")
    ) {
      try kitchen.service.addDeviceToken(
        String(repeating: "cd", count: 32), device: fits + "x", sandbox: false, at: t0)
    }
    let run = try kitchen.service.start(try Kitchen.recipe("tea"), autoAdvance: false, at: t0)
    #expect(
      throws: ServiceError.invalid("a device name is at most 64 characters, not 3000")
    ) {
      try kitchen.service.addActivityToken(
        String(repeating: "ef", count: 32), run: run.id, activity: 1,
        device: String(repeating: "x", count: 3_000), sandbox: false, at: t0)
    }
    #expect(try kitchen.service.tokens().count == 1)
  }
}
