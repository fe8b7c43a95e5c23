import CooktimerTestSupport
import Foundation
import Testing

@Suite("The OpenAPI document")
struct OpenAPITests {
  /// Every route the router has is described, and every operation described is routed.
  @Test func describesExactlyTheRoutes() throws {
    let box = try TestServer()
    let answer = try box.call("GET", "/openapi.json")
    #expect(answer.status == 200)
    #expect(answer.object["openapi"] as? String == "3.1.0")
    let paths = try #require(answer.object["paths"] as? [String: [String: Any]])
    let described = Set(
      paths.flatMap { path, operations in operations.keys.map { "\($0.uppercased()) \(path)" } })
    let routed = Set(box.server.routes.map { "\($0.method) \($0.template)" })
    #expect(described == routed)
    #expect(routed.count == 29)  // the 28 of docs/api.md §1 and the kitchen page at /
  }

  /// The token bodies' `device` says its limit, as the service enforces it (64 characters).
  @Test func aDeviceNameSaysItsLimit() throws {
    let box = try TestServer()
    let answer = try box.call("GET", "/openapi.json")
    let schemas = try #require(
      (answer.object["components"] as? [String: Any])?["schemas"] as? [String: Any])
    for name in ["PushToStartToken", "ActivityToken"] {
      let schema = try #require(schemas[name] as? [String: Any], "\(name)")
      let device = (schema["properties"] as? [String: Any])?["device"] as? [String: Any]
      #expect(device?["maxLength"] as? Int == 64, "\(name)")
    }
  }
}
