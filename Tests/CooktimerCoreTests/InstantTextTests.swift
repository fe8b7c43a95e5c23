import CooktimerCore
import Foundation
import Testing

@Suite("Instants as ISO 8601 text")
struct InstantTextTests {
  /// What Foundation's ISO 8601 style makes of the whole seconds, with the milliseconds.
  static func formatted(_ ms: Int64) -> String {
    let r = ((ms % 1000) + 1000) % 1000
    let whole = Date(timeIntervalSince1970: Double((ms - r) / 1000)).formatted(
      Date.ISO8601FormatStyle())
    return whole.dropLast() + "." + String(r + 1000).dropFirst() + "Z"
  }

  @Test func fixedInstants() {
    #expect(Instant(unixMilliseconds: 1_795_975_200_000).description == "2026-11-29T18:00:00.000Z")
    #expect(Instant(unixMilliseconds: 1_795_975_200_250).description == "2026-11-29T18:00:00.250Z")
    #expect(Instant(unixMilliseconds: 0).description == "1970-01-01T00:00:00.000Z")
    #expect(Instant(unixMilliseconds: -1).description == "1969-12-31T23:59:59.999Z")
    #expect(Instant(unixMilliseconds: 951_782_400_000).description == "2000-02-29T00:00:00.000Z")
    #expect(Instant(unixMilliseconds: 4_107_542_399_999).description == "2100-02-28T23:59:59.999Z")
  }

  /// Month and year ends, leap days and random instants from 1900 to 2400 read exactly as
  /// Foundation's formatter writes them.
  @Test func agreesWithFoundation() {
    var generator = SystemRandomNumberGenerator()
    var samples: [Int64] = (0..<5000).map { _ in
      Int64.random(in: -2_208_988_800_000...13_569_465_600_000, using: &generator)
    }
    // Every midnight and the millisecond before it over four years around a leap century.
    for day in Int64(10_957 - 800)...Int64(10_957 + 800) {
      samples += [day * 86_400_000, day * 86_400_000 - 1]
    }
    for ms in samples {
      #expect(Instant(unixMilliseconds: ms).description == Self.formatted(ms), "\(ms)")
    }
  }
}
