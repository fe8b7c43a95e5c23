import CooktimerCore
import Testing

@testable import CooktimerService

/// `COOKTIMER_CLOCK_OFFSET` (docs/cli.md §1.2): a number of seconds that keeps the clock
/// between 1970 and 2262 (nanoseconds in an Int64), refused otherwise — 7,500,000,000 once
/// overflowed (exit 132).
@Suite("clock offset")
struct ClockOffsetTests {
  @Test(arguments: ["7500000000", "9999999999", "-9999999999", "-2000000000", "1e300", "nan", "x"])
  func outOfRangeOrNotANumberIsRefused(_ text: String) {
    #expect(throws: ServiceError.self) {
      try SystemClock(environment: ["COOKTIMER_CLOCK_OFFSET": text])
    }
  }

  @Test func aYearEitherWayIsTaken() throws {
    let ahead = try SystemClock(environment: ["COOKTIMER_CLOCK_OFFSET": "31536000"])
    #expect(ahead.offsetNanoseconds == 31_536_000_000_000_000)
    let behind = try SystemClock(environment: ["COOKTIMER_CLOCK_OFFSET": "-31536000.5"])
    #expect(behind.offsetNanoseconds == -31_536_000_500_000_000)
    let most = try SystemClock(environment: ["COOKTIMER_CLOCK_OFFSET": "3000000000"])
    #expect(most.now().unixMilliseconds > 0)
  }
}
