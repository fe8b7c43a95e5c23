import CooktimerTestSupport
import Testing

@testable import CooktimerHTTP

@Suite struct EventStreamFrameTests {
  @Test func eventWithTypeAndID() {
    #expect(
      EventStreamFrame.event("run", id: "41", data: #"{"a":1}"#)
        == "event: run\nid: 41\ndata: {\"a\":1}\n\n")
  }

  @Test func dataOnly() {
    #expect(EventStreamFrame.event(nil, id: nil, data: "x") == "data: x\n\n")
  }

  @Test func everyKindOfLineBreakStartsADataLine() {
    #expect(
      EventStreamFrame.event(nil, id: nil, data: "a\nb\r\nc\rd\n")
        == "data: a\ndata: b\ndata: c\ndata: d\ndata:\n\n")
  }

  @Test func emptyDataIsOneEmptyDataLine() {
    #expect(EventStreamFrame.event("tick", id: nil, data: "") == "event: tick\ndata:\n\n")
  }

  @Test func typeAndIDStayOnOneLine() {
    #expect(
      EventStreamFrame.event("a\nb", id: "1\r\n2\0", data: "x")
        == "event: a b\nid: 1 2\ndata: x\n\n")
  }

  @Test func comments() {
    #expect(EventStreamFrame.comment("ping") == ": ping\n\n")
    #expect(EventStreamFrame.comment("two\nlines") == ": two\n: lines\n\n")
    #expect(EventStreamFrame.comment("") == ":\n\n")
  }
}
