import CooktimerCore
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

/// docs/delivery.md §1: an activity's new update token replaces the old one of the same
/// device (issue 20); another device's token, another activity's token and the device's other
/// tokens stay.
@Suite struct ActivityTokenTests {
  @Test func aTokenReportedAgainForTheSameActivityReplacesTheOldOne() throws {
    let kitchen = try Kitchen()
    let run = try kitchen.service.start(try Kitchen.recipe("tea"), autoAdvance: false, at: t0)
    let first = String(repeating: "a1", count: 32)
    let renewed = String(repeating: "b2", count: 32)
    let start = String(repeating: "c3", count: 32)
    try kitchen.service.addPushToStartToken(start, device: nil, sandbox: false, at: t0)
    try kitchen.service.addActivityToken(first, run: run.id, activity: 1, sandbox: false, at: t0)
    try kitchen.service.addActivityToken(
      renewed, run: run.id, activity: 1, sandbox: false, at: t0 + second)
    let tokens = try kitchen.store.transaction { tx in
      try tx.activityTokens(runID: run.id, activity: 1).map(\.token)
    }
    #expect(tokens == [renewed])
    #expect(Set(try kitchen.service.tokens().map(\.token)) == [start, renewed])
  }

  /// Two phones each carry the run (each its own activity instance and update token): both
  /// tokens stay; each phone's renewed token replaces only its own.
  @Test func twoDevicesKeepATokenEachAndEachRenewsOnlyItsOwn() throws {
    let kitchen = try Kitchen()
    let run = try kitchen.service.start(try Kitchen.recipe("tea"), autoAdvance: false, at: t0)
    let anna = String(repeating: "a1", count: 32)
    let ben = String(repeating: "b2", count: 32)
    let annaRenewed = String(repeating: "c3", count: 32)
    try kitchen.service.addActivityToken(
      anna, run: run.id, activity: 1, device: "Anna's iPhone", sandbox: false, at: t0)
    try kitchen.service.addActivityToken(
      ben, run: run.id, activity: 1, device: "Ben's iPhone", sandbox: false, at: t0 + second)
    func stored() throws -> [String] {
      try kitchen.store.transaction { tx in
        try tx.activityTokens(runID: run.id, activity: 1).map(\.token)
      }
    }
    #expect(try stored() == [anna, ben])
    try kitchen.service.addActivityToken(
      annaRenewed, run: run.id, activity: 1, device: "Anna's iPhone", sandbox: false,
      at: t0 + 2 * second)
    #expect(try stored() == [ben, annaRenewed])
    let devices = try kitchen.service.tokens().map { $0.device }
    #expect(devices == ["Ben's iPhone", "Anna's iPhone"])
  }

  /// A token without a device name is one device of its own: it replaces only another
  /// unnamed token, never a named phone's.
  @Test func anUnnamedTokenReplacesOnlyTheUnnamedOne() throws {
    let kitchen = try Kitchen()
    let run = try kitchen.service.start(try Kitchen.recipe("tea"), autoAdvance: false, at: t0)
    let named = String(repeating: "a1", count: 32)
    let first = String(repeating: "b2", count: 32)
    let later = String(repeating: "c3", count: 32)
    try kitchen.service.addActivityToken(
      named, run: run.id, activity: 1, device: "Anna's iPhone", sandbox: false, at: t0)
    try kitchen.service.addActivityToken(first, run: run.id, activity: 1, sandbox: false, at: t0)
    try kitchen.service.addActivityToken(
      later, run: run.id, activity: 1, sandbox: false, at: t0 + second)
    let tokens = try kitchen.store.transaction { tx in
      try tx.activityTokens(runID: run.id, activity: 1).map(\.token)
    }
    #expect(tokens == [named, later])
  }

  /// A device name with a control character is refused, as for push-to-start tokens.
  @Test func aDeviceNameWithAControlCharacterIsRefused() throws {
    let kitchen = try Kitchen()
    let run = try kitchen.service.start(try Kitchen.recipe("tea"), autoAdvance: false, at: t0)
    #expect(
      throws: ServiceError.badData(
        "a device name may not contain control characters: U+0007 at character 5")
    ) {
      try kitchen.service.addActivityToken(
        String(repeating: "a1", count: 32), run: run.id, activity: 1, device: "Anna\u{07}",
        sandbox: false, at: t0)
    }
    #expect(try kitchen.service.tokens().isEmpty)
  }
}
