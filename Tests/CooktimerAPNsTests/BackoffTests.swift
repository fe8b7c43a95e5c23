import CooktimerAPNs
import CooktimerTestSupport
import Testing

@Suite("Backoff: 1 s doubling to 60 s, ±20 %")
struct BackoffTests {

  @Test func exactDelaysWithoutJitter() {
    let backoff = APNsBackoff()
    let delays = (1...10).map { backoff.delay(attempt: $0, jitterUnit: 0) }
    #expect(delays == [1, 2, 4, 8, 16, 32, 60, 60, 60, 60])
    #expect(backoff.delay(attempt: 0, jitterUnit: 0) == 1)
    #expect(backoff.delay(attempt: 1_000, jitterUnit: 0) == 60)
  }

  @Test func jitterStretchesOrShrinksByAtMostTwentyPercent() {
    let backoff = APNsBackoff()
    #expect(backoff.delay(attempt: 1, jitterUnit: -1) == 0.8)
    #expect(backoff.delay(attempt: 1, jitterUnit: 1) == 1.2)
    #expect(backoff.delay(attempt: 3, jitterUnit: 0.5) == 4.4)
    #expect(backoff.delay(attempt: 8, jitterUnit: -1) == 48)
    #expect(backoff.delay(attempt: 8, jitterUnit: 1) == 72)
    #expect(backoff.delay(attempt: 2, jitterUnit: 7) == 2.4)  // clamped to 1
    #expect(backoff.delay(attempt: 2, jitterUnit: -7) == 1.6)
  }

  @Test func drawnJitterStaysInBounds() {
    var generator = SplitMix64(seed: 42)
    let backoff = APNsBackoff()
    for attempt in 1...10 {
      let base = backoff.delay(attempt: attempt, jitterUnit: 0)
      for _ in 0..<100 {
        let delay = backoff.delay(attempt: attempt, using: &generator)
        #expect(delay >= base * 0.8 && delay <= base * 1.2)
      }
    }
  }
}
