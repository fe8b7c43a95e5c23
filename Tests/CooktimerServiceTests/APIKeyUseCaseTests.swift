import CooktimerCore
import CooktimerService
import CooktimerTestSupport
import Foundation
import Testing

/// docs/api.md §2: API keys are made, listed and revoked at the service, stored only as
/// their SHA-256.
@Suite("API keys at the service")
struct APIKeyUseCaseTests {
  @Test func keysAreMadeNamedListedAndRevoked() throws {
    let kitchen = try Kitchen()
    let service = kitchen.service
    #expect(try service.keysRequired() == false)
    let first = try service.createAPIKey(name: nil, at: t0)
    #expect(first.key.hasPrefix("ck_") && first.key.count == 67)
    #expect(
      first.record == APIKey(name: "key1", hash: Digest.sha256Hex(first.key.utf8), createdAt: t0))
    let phone = try service.createAPIKey(name: "phone", at: t0 + second)
    let third = try service.createAPIKey(name: nil, at: t0 + 2 * second)
    #expect(third.record.name == "key2")
    #expect(try service.keysRequired() == true)
    #expect(try service.apiKeys().map(\.name) == ["key1", "phone", "key2"])

    try service.revokeAPIKey(name: "phone", at: t0 + minute)
    // Another connection to the file sees the same keys.
    let other = try service.onNewConnection()
    #expect(
      try other.apiKeys() == [
        first.record,
        APIKey(
          name: "phone", hash: phone.record.hash, createdAt: t0 + second, revokedAt: t0 + minute),
        third.record,
      ])
    #expect(try other.validAPIKeys().map(\.name) == ["key1", "key2"])
    #expect(throws: ServiceError.noSuchAPIKey("phone")) {
      try service.revokeAPIKey(name: "phone", at: t0 + 2 * minute)
    }
    // A revoked key's name is free again.
    #expect(try service.createAPIKey(name: "phone", at: t0 + 2 * minute).record.name == "phone")
  }

  @Test func aTakenOrHiddenNameIsRefusedAndNothingIsStored() throws {
    let kitchen = try Kitchen()
    let service = kitchen.service
    _ = try service.createAPIKey(name: "phone", at: t0)
    #expect(
      throws: ServiceError.invalid(
        "an API key named phone exists; revoke it first or choose another --name")
    ) { try service.createAPIKey(name: "phone", at: t0) }
    let refusal = ServiceError.invalid(
      "an API key name is 1 to 64 characters without spaces or control characters")
    for name in [
      "", "two words", "tab\tname", "zero\u{200B}width", String(repeating: "k", count: 65),
    ] {
      #expect(throws: refusal) { try service.createAPIKey(name: name, at: t0) }
    }
    #expect(try service.apiKeys().map(\.name) == ["phone"])
    #expect(APIKey.isValidName(String(repeating: "k", count: 64)))
  }
}
