import CooktimerActivity
import CooktimerCore
import Foundation
import Testing

/// docs/live-activity.md §2: 2001-based seconds inside content-state and ActivityContent, integer
/// Unix seconds in aps.
@Suite struct EpochTests {
  @Test func contentStateDatesAreSecondsSince2001() throws {
    let body = try pushJSON(.update, try startRun(), at: t0)
    let endDate = body["aps"]?["content-state"]?["endDate"]?.number
    #expect(endDate == t0Reference + 600)
    #expect(endDate != (t0 + 10 * minute).unixSeconds)  // not the Unix value
  }

  @Test func activityContentDatesAreSecondsSince2001() throws {
    let json = try JSONValue(try ActivityContent(run: try startRun(), at: t0).encoded())
    #expect(json["state"]?["endDate"]?.number == t0Reference + 600)
    #expect(json["staleDate"]?.number == t0Reference + 600)
    #expect(json["relevanceScore"]?.number == 90)
  }

  @Test func apsDatesAreIntegerUnixSeconds() throws {
    let body = try pushJSON(.update, try startRun(), at: t0, timestamp: t0Seconds)
    #expect(body["aps"]?["timestamp"] == .number(Double(t0Seconds)))
    // The timer ends at …800.25: rounded up, never "done" early.
    #expect(body["aps"]?["stale-date"] == .number(Double(t0Seconds + 601)))
    let text = try #require(
      String(
        data: try PushRequest.liveActivity(
          .update, run: try startRun(), at: t0, timestamp: t0Seconds, topic: topic
        ).body, encoding: .utf8))
    #expect(text.contains("\"stale-date\":1795975801,"))
    #expect(text.contains("\"timestamp\":1795975200}"))
  }

  @Test func dismissalDateIsIntegerUnixSeconds() throws {
    var run = try startRun()
    _ = try run.stop(at: t0)
    let body = try pushJSON(
      .end, run, at: t0, timestamp: t0Seconds,
      options: PushOptions(dismissal: .at(t0 + hour)))
    #expect(body["aps"]?["dismissal-date"] == .number(Double(t0Seconds + 3601)))
  }

  @Test func theDecodedEndDateIsTheRealInstant() throws {
    let content = try Phone.content(try ActivityContent(run: try startRun(), at: t0).encoded())
    #expect(content.state.endDate == (t0 + 10 * minute).date)
    #expect(content.staleDate == (t0 + 10 * minute).date)
  }
}
