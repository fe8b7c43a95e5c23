import CooktimerActivity
import CooktimerCore
import CooktimerService
import CooktimerTestSupport
import Foundation
import Testing

/// `payload end` of a live run previews what the outbox would queue for stopping it now
/// (issue 20: it showed `phase: running` and no dismissal), and changes nothing.
@Suite struct PayloadPreviewTests {
  @Test func payloadEndOfARunningRunShowsItStopped() throws {
    let kitchen = try Kitchen()
    let run = try kitchen.service.start(try Kitchen.recipe("tea"), autoAdvance: false, at: t0)
    let preview = try kitchen.service.previewPush(
      .end, of: run.id, dismissal: nil, priority: nil, at: t0 + minute)
    let body = try JSONSerialization.jsonObject(with: preview.body) as? [String: Any]
    let aps = try #require(body?["aps"] as? [String: Any])
    #expect(aps["event"] as? String == "end")
    #expect((aps["content-state"] as? [String: Any])?["phase"] as? String == "stopped")
    #expect(aps["dismissal-date"] as? Int == Int(t0Seconds + 120))
    #expect(aps["alert"] == nil)
    #expect(try kitchen.service.run(run.id, at: t0 + minute).phase == .running)
    #expect(try kitchen.store.pendingOutbox().count == 1)  // the start only
  }
}
