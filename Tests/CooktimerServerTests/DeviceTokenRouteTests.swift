import CooktimerStore
import Foundation
import Testing

/// `PUT /v1/tokens/device` (docs/api.md, docs/delivery.md §6): the app's ordinary device
/// token, stored lowercase as its own kind; a bad one is 400 and stores nothing.
@Suite struct DeviceTokenRouteTests {
  @Test func theDeviceTokenIsRegisteredAndForgotten() throws {
    let box = try TestServer()
    let token = String(repeating: "ef", count: 32)
    let put = try box.call(
      "PUT", "/v1/tokens/device", json: #"{"token": "\#(token.uppercased())", "device": "phone"}"#)
    #expect(put.status == 204)
    let stored = try box.service().tokens()
    #expect(stored.map(\.token) == [token])
    #expect(stored.map(\.kind) == [.device])
    #expect(stored.map(\.device) == ["phone"])
    #expect(try box.call("PUT", "/v1/tokens/device", json: #"{"token": "xyz"}"#).status == 400)
    #expect(try box.service().tokens().count == 1)
    #expect(try box.call("DELETE", "/v1/tokens/\(token)").status == 204)
    #expect(try box.service().tokens().isEmpty)
  }
}
