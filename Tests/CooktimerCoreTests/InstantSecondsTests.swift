import CooktimerCore
import Testing

/// One rule for whole seconds of an instant, used by clock times, APNs timestamps,
/// expirations, stale and dismissal dates.
@Suite("Whole seconds of an instant")
struct InstantSecondsTests {
  @Test(arguments: [
    (Int64(1_795_975_200_000), Int64(1_795_975_200), Int64(1_795_975_200)),
    (1_795_975_200_001, 1_795_975_200, 1_795_975_201),
    (1_795_975_200_999, 1_795_975_200, 1_795_975_201),
    (0, 0, 0), (1, 0, 1), (-1, -1, 0), (-1_000, -1, -1), (-1_001, -2, -1),
  ])
  func floorAndCeiling(ms: Int64, floor: Int64, ceiling: Int64) {
    let instant = Instant(unixMilliseconds: ms)
    #expect(instant.floorUnixSeconds == floor)
    #expect(instant.ceilUnixSeconds == ceiling)
  }
}
