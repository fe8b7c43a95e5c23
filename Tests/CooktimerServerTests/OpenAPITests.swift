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
}
