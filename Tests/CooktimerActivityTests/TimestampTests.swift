import CooktimerActivity
import CooktimerCore
import Testing

/// docs/live-activity.md §3.5: timestamps rise strictly per run.
@Suite struct TimestampTests {
  @Test func firstTimestampIsTheFlooredSecond() {
    #expect(nextTimestamp(now: t0, previous: nil) == t0Seconds)
    #expect(nextTimestamp(now: t0 + 749, previous: nil) == t0Seconds)
    #expect(nextTimestamp(now: t0 + 750, previous: nil) == t0Seconds + 1)
  }

  @Test func sameSecondTakesTheNextOne() {
    #expect(nextTimestamp(now: t0, previous: t0Seconds) == t0Seconds + 1)
    #expect(nextTimestamp(now: t0 + 100, previous: t0Seconds + 1) == t0Seconds + 2)
  }

  @Test func anEarlierClockNeverRepeatsOrDecreases() {
    #expect(nextTimestamp(now: t0 - hour, previous: t0Seconds) == t0Seconds + 1)
  }

  @Test func aLaterClockWins() {
    #expect(nextTimestamp(now: t0 + minute, previous: t0Seconds) == t0Seconds + 60)
  }

  @Test func manyPushesInOneSecondStayStrictlyIncreasing() {
    var previous: Int64?
    var seen: [Int64] = []
    for n in 0..<50 {
      let stamp = nextTimestamp(now: t0 + Int64(n), previous: previous)
      seen.append(stamp)
      previous = stamp
    }
    #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 < $1 })
  }

  @Test func instantsBefore1970FloorDownwards() {
    #expect(nextTimestamp(now: Instant(unixMilliseconds: -1500), previous: nil) == -2)
  }
}
