import CooktimerCore
import Foundation

extension Instant {
  /// ISO 8601 in UTC with milliseconds and the `Z` (`2026-11-29T18:00:00.250Z`), for plan
  /// lines and messages. (`Instant.description` omits the `Z` on Linux.)
  var iso8601: String {
    date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt))
  }
}
