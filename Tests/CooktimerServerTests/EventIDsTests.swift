import CooktimerTestSupport
import Testing

@testable import CooktimerServer

/// The event-id sequence on its own (``EventIDs``): blocks reserved from the stored value,
/// and which `Last-Event-ID`s a server may still answer.
@Suite struct EventIDsTests {
  @Test func aFreshDatabaseStartsAtOneAndARestartAboveEveryReservedID() {
    var first = EventIDs()
    #expect(first.take() == nil)  // nothing reserved yet
    first.reserved(stored: 0, newTop: 1000)
    #expect((first.take(), first.take(), first.floor) == (1, 2, 1))
    // A restart: the stored top was 1000, so ids 1…1000 may all have been issued.
    var second = EventIDs()
    second.reserved(stored: 1000, newTop: 2000)
    #expect((second.floor, second.last) == (1001, 1000))
    #expect(second.take() == 1001)
    #expect(second.wantsMore == false)
  }

  @Test func anotherProcessesBlockIsSkippedAndEarlierIDsForgotten() {
    var ids = EventIDs()
    ids.reserved(stored: 0, newTop: 1000)
    for _ in 1...600 { _ = ids.take() }
    #expect(ids.wantsMore)
    // Meanwhile another `serve` on the same database reserved 1001…2000.
    ids.reserved(stored: 2000, newTop: 3000)
    #expect(ids.take() == 2001)
    #expect(ids.floor == 2001)
    // Without another process, a new block just extends the old one.
    var alone = EventIDs()
    alone.reserved(stored: 0, newTop: 1000)
    for _ in 1...600 { _ = alone.take() }
    alone.reserved(stored: 1000, newTop: 2000)
    #expect((alone.take(), alone.floor, alone.remaining) == (601, 1, 1399))
  }
}
