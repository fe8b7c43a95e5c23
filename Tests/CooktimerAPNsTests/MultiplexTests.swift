import CooktimerAPNs
import CooktimerTestSupport
import Foundation
import Testing

@Suite("Requests side by side on one HTTP/2 connection", .ownThread)
struct MultiplexTests {
  /// Every answer is held 2 s: 100 requests are in flight at once, and the 101st goes only
  /// when a stream frees up.
  @Test func upToAHundredStreamsAtOnceOnOneConnection() throws {
    let held = Array(repeating: APNsStandIn.Answer(200, delay: 2), count: 120)
    let fixture = try StandInFixture(script: [.init(token: "*", answers: held)])
    let requests = try (0..<120).map { _ in try StandInFixture.request(apnsID: UUID()) }
    var answered: [Int] = []
    var waves = 0
    try fixture.connection().send(
      requests, jwt: try fixture.jwt(), until: { false },
      answered: { answers in
        waves += 1
        for answer in answers {
          #expect((try? answer.result.get())?.status == 200)
          answered.append(answer.index)
        }
      })
    #expect(answered.sorted() == Array(0..<120))
    #expect(waves < 120, "the answers came one wave each")
    let logged = try fixture.standIn.requests().sorted { $0.time < $1.time }
    #expect(logged.count == 120)
    #expect(Set(logged.map(\.connection)).count == 1)
    #expect(Set(logged.map(\.apnsID)) == Set(requests.map { $0.apnsID!.uuidString.lowercased() }))
    // The first 100 arrive before any answer is released; the rest only after.
    #expect(logged[99].time - logged[0].time < 2)
    #expect(logged[100].time - logged[0].time >= 2)
  }

  @Test func nothingStartsOnceStopSaysSo() throws {
    let fixture = try StandInFixture()
    let requests = try (0..<3).map { _ in try StandInFixture.request(apnsID: UUID()) }
    var asked = 0
    var answered: [Int] = []
    try fixture.connection().send(
      requests, jwt: try fixture.jwt(),
      until: {
        asked += 1
        return asked > 1
      },
      answered: { answers in answered += answers.map(\.index) })
    #expect(answered == [0])
    #expect(
      try fixture.standIn.requests().map(\.apnsID) == [requests[0].apnsID!.uuidString.lowercased()])
  }

  @Test(.tags(.timing)) func aThrowingRecorderAbandonsWhatIsInFlight() throws {
    // The first answer comes at once, the second is held: the recorder's error ends the
    // call without waiting for it.
    let fixture = try StandInFixture(script: [
      .init(token: "*", answers: [.init(200), .init(200, delay: 5)])
    ])
    let requests = try (0..<2).map { _ in try StandInFixture.request(apnsID: UUID()) }
    let started = ContinuousClock.now
    #expect(throws: TestSupportError.self) {
      try fixture.connection().send(
        requests, jwt: try fixture.jwt(), until: { false },
        answered: { _ in throw TestSupportError("recording failed") })
    }
    #expect(ContinuousClock.now - started < .seconds(4))
  }
}
