import CooktimerAPNs
import CooktimerTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Connection to a real HTTP/2 stand-in", .ownThread)
struct ConnectionTests {
  @Test func pushIsAnswered200WithItsApnsIDOverHTTP2() throws {
    let fixture = try StandInFixture()
    let id = UUID(uuidString: "6F1A3C52-3A8E-4F0B-9A3C-3B1C2D4E5F60")!
    let jwt = try fixture.jwt()
    let response = try fixture.connection().send(StandInFixture.request(apnsID: id), jwt: jwt)
    #expect(
      response
        == APNsResponse(status: 200, apnsID: "6f1a3c52-3a8e-4f0b-9a3c-3b1c2d4e5f60", reason: nil))
    #expect(response.outcome == .sent)
    let logged = try #require(try fixture.standIn.requests().only)
    #expect(logged.httpVersion == "2")
    #expect(logged.method == "POST")
    #expect(logged.path == "/3/device/" + StandInFixture.token)
    #expect(logged.jwt == jwt)
    #expect(logged.body == String(decoding: StandInFixture.body, as: UTF8.self))
    let apnsHeaders = logged.headers.filter {
      $0.key.hasPrefix("apns-") || $0.key == "authorization"
    }
    #expect(
      apnsHeaders == [
        "authorization": "bearer \(jwt)",
        "apns-push-type": "liveactivity",
        "apns-topic": "com.example.cooktimer.push-type.liveactivity",
        "apns-priority": "10",
        "apns-expiration": "1700003600",
        "apns-id": "6f1a3c52-3a8e-4f0b-9a3c-3b1c2d4e5f60",
      ])
  }

  @Test func withoutAnApnsIDTheServerNamesOne() throws {
    let fixture = try StandInFixture()
    let response = try fixture.connection().send(StandInFixture.request(), jwt: fixture.jwt())
    #expect(response.status == 200)
    let logged = try #require(try fixture.standIn.requests().only)
    #expect(logged.headers["apns-id"] == nil)
    #expect(response.apnsID == logged.apnsID)
    #expect(UUID(uuidString: try #require(response.apnsID)) != nil)
  }

  @Test func twentyRequestsShareOneConnection() throws {
    let fixture = try StandInFixture()
    let connection = try fixture.connection()
    let jwt = try fixture.jwt()
    for _ in 0..<20 {
      let response = try connection.send(StandInFixture.request(apnsID: UUID()), jwt: jwt)
      #expect(response.status == 200)
    }
    let logged = try fixture.standIn.requests()
    #expect(logged.count == 20)
    #expect(Set(logged.map(\.connection)).count == 1)
    #expect(Set(logged.map(\.apnsID)).count == 20)
  }

  @Test func withoutTheCustomCATheHandshakeFails() throws {
    let fixture = try StandInFixture()
    let connection = try APNsConnection(baseURL: fixture.standIn.baseURL, caFile: nil)
    let error = StandInFixture.error { () throws(APNsError) in
      try connection.send(StandInFixture.request(), jwt: fixture.jwt())
    }
    guard case .transport(let line) = error else {
      Issue.record("expected a transport error, got \(String(describing: error))")
      return
    }
    #expect(line.hasPrefix("127.0.0.1:\(fixture.standIn.port): TLS: SSL certificate problem"))
    #expect(!line.contains("\n"))
    #expect(try fixture.standIn.requests().isEmpty)
  }

  /// Time is the point, so this stays a `.timing` test: a refused connect must fail at
  /// once, not be waited out like an unanswered one (libcurl's connect timeout is 10 s), and
  /// nothing but elapsed time tells the two apart from outside libcurl. 2 s is far from both.
  @Test(.tags(.timing)) func connectionRefusedIsATransportErrorAtOnce() throws {
    let port = try Self.closedPort()
    let connection = try APNsConnection(baseURL: URL(string: "https://127.0.0.1:\(port)")!)
    let started = ContinuousClock.now
    let error = StandInFixture.error { () throws(APNsError) in
      try connection.send(StandInFixture.request(), jwt: "x.y.z")
    }
    #expect(ContinuousClock.now - started < .seconds(2))
    guard case .transport(let line) = error else {
      Issue.record("expected a transport error, got \(String(describing: error))")
      return
    }
    #expect(line.hasPrefix("127.0.0.1:\(port): "))
    #expect(line.contains("onnect"))
  }

  @Test func aSlowAnswerTimesOut() throws {
    let fixture = try StandInFixture(script: [.init(token: "*", answers: [.init(200, delay: 5)])])
    let connection = try fixture.connection(requestTimeout: .milliseconds(300))
    let error = StandInFixture.error { () throws(APNsError) in
      try connection.send(StandInFixture.request(), jwt: fixture.jwt())
    }
    guard case .transport(let line) = error else {
      Issue.record("expected a transport error, got \(String(describing: error))")
      return
    }
    #expect(line.contains("imed out"))
    #expect(APNsOutcome(error: error!) == .retryWithBackoff)
  }

  @Test func onlyHTTPSAndAnExistingCA() {
    #expect(throws: APNsError.settings("APNs URL http://127.0.0.1:80 is not https://HOST[:PORT]")) {
      try APNsConnection(baseURL: URL(string: "http://127.0.0.1:80")!)
    }
    #expect(
      throws: APNsError.settings(
        "APNs CA file /nonexistent/ca.pem does not exist or cannot be read")
    ) {
      try APNsConnection(
        baseURL: URL(string: "https://127.0.0.1:1")!, caFile: "/nonexistent/ca.pem")
    }
  }

  /// A loopback port nobody listens on: bound, then closed.
  static func closedPort() throws -> Int { Int(try LoopbackSocket.closedPort()) }
}

extension Array {
  /// The one element, or nil when there are none or several.
  var only: Element? { count == 1 ? first : nil }
}
