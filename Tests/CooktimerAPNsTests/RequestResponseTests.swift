import CooktimerAPNs
import Foundation
import Testing

@Suite("Request and response values")
struct RequestResponseTests {
  static let token = String(repeating: "AB", count: 32)
  static let id = UUID(uuidString: "6F1A3C52-3A8E-4F0B-9A3C-3B1C2D4E5F60")!

  func request(
    token: String = token, body: Data = Data("{\"aps\":{}}".utf8), collapseID: String? = nil
  )
    throws(APNsError) -> APNsRequest
  {
    try APNsRequest(
      deviceToken: token, topic: "com.example.cooktimer.push-type.liveactivity", priority: 10,
      expiration: 1_700_003_600, apnsID: Self.id, collapseID: collapseID, body: body)
  }

  @Test func headersAndPath() throws {
    let request = try request(collapseID: "run-a1-start")
    #expect(request.deviceToken == String(repeating: "ab", count: 32))
    #expect(request.path == "/3/device/" + String(repeating: "ab", count: 32))
    #expect(
      request.headers.map { "\($0.name): \($0.value)" } == [
        "apns-push-type: liveactivity",
        "apns-topic: com.example.cooktimer.push-type.liveactivity",
        "apns-priority: 10",
        "apns-expiration: 1700003600",
        "apns-id: 6f1a3c52-3a8e-4f0b-9a3c-3b1c2d4e5f60",
        "apns-collapse-id: run-a1-start",
      ])
  }

  @Test(arguments: [
    "abc", "zz" + String(repeating: "ab", count: 31), String(repeating: "ab", count: 15),
    String(repeating: "ab", count: 256),
  ])
  func badTokensAreRefused(token: String) {
    #expect(
      throws: APNsError.request(
        "device token \(token.lowercased().prefix(8))… is not 16 to 255 bytes of hex")
    ) {
      try request(token: token)
    }
  }

  @Test func tokenLengthBounds() throws {
    _ = try request(token: String(repeating: "0f", count: 16))
    _ = try request(token: String(repeating: "0f", count: 255))
  }

  @Test func bodyLimit() throws {
    _ = try request(body: Data(repeating: 0x20, count: 4096))
    #expect(throws: APNsError.request("body is 4097 bytes; APNs takes at most 4096")) {
      try request(body: Data(repeating: 0x20, count: 4097))
    }
    #expect(throws: APNsError.request("apns-collapse-id is 65 bytes; at most 64")) {
      try request(collapseID: String(repeating: "c", count: 65))
    }
  }

  @Test func responseBodies() {
    let failed = APNsResponse(status: 400, apnsID: "x", body: Data(#"{"reason":"BadTopic"}"#.utf8))
    #expect(failed == APNsResponse(status: 400, apnsID: "x", reason: "BadTopic"))
    let gone = APNsResponse(
      status: 410, apnsID: nil,
      body: Data(#"{"reason":"Unregistered","timestamp":1700000000123}"#.utf8))
    #expect(
      gone
        == APNsResponse(
          status: 410, apnsID: nil, reason: "Unregistered", timestamp: 1_700_000_000_123))
    #expect(
      APNsResponse(status: 200, apnsID: "y", body: Data())
        == APNsResponse(status: 200, apnsID: "y", reason: nil))
    #expect(APNsResponse(status: 500, apnsID: nil, body: Data("<html>".utf8)).reason == nil)
  }
}
