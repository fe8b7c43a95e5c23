import CooktimerActivity
import Testing

/// docs/live-activity.md §6: APNSwift's Live Activity vectors, through the same encoder.
@Suite struct APNSwiftVectorTests {
  struct State: Encodable, Sendable {
    var string = "Test"
    var number = 123
  }

  @Test func update() throws {
    let body = LiveActivityPushBody(event: .update, timestamp: 1_672_680_658, contentState: State())
    #expect(
      try JSONValue(try body.encoded())
        == (try JSONValue(
          #"""
          {"aps":{"event":"update","content-state":{"string":"Test","number":123},
           "timestamp":1672680658}}
          """#)))
    // Sorted keys: the bytes are stable too.
    #expect(
      String(decoding: try body.encoded(), as: UTF8.self)
        == #"{"aps":{"content-state":{"number":123,"string":"Test"},"event":"update","#
        + #""timestamp":1672680658}}"#)
  }

  @Test func updateWithStaleDate() throws {
    let body = LiveActivityPushBody(
      event: .update, timestamp: 1_672_680_658, contentState: State(), staleDate: 1_672_680_800)
    #expect(
      try JSONValue(try body.encoded())
        == (try JSONValue(
          #"""
          {"aps":{"event":"update","content-state":{"string":"Test","number":123},
           "timestamp":1672680658,"stale-date":1672680800}}
          """#)))
  }

  @Test func endWithDismissalDate() throws {
    let body = LiveActivityPushBody(
      event: .end, timestamp: 1_672_680_658, contentState: State(), dismissalDate: 1_672_680_800)
    #expect(
      try JSONValue(try body.encoded())
        == (try JSONValue(
          #"""
          {"aps":{"event":"end","content-state":{"string":"Test","number":123},
           "timestamp":1672680658,"dismissal-date":1672680800}}
          """#)))
  }
}
