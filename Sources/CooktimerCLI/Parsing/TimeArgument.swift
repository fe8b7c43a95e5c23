import CooktimerCore
import Foundation

/// Reads `--now`/`--start`/`--dismissal` times (docs/cli.md §1.3):
/// - ISO 8601 with an offset, optionally with fractional seconds
///   (`2026-11-29T18:00:00.250+01:00`, `…Z`);
/// - ISO 8601 without an offset, in the local zone `zone` (docs/timers.md §3.4: a time that does
///   not exist that night is refused; an ambiguous one takes the earlier);
/// - `@` + Unix seconds (`@1795975200.25`).
///
/// Finer than milliseconds is rounded to the nearest, halves up — from the digits as
/// written, never through a binary `Double`.
/// - Throws: `CoreError.invalidTime` (exit 64) naming the input and the accepted forms.
func parseInstant(_ text: String, zone: TimeZone = .current) throws(CoreError) -> Instant {
  let instant: Instant?
  do {
    instant = try text.hasPrefix("@") ? unixInstant(text.dropFirst()) : isoInstant(text, zone)
  } catch let error as CoreError {
    throw error
  } catch {
    instant = nil
  }
  guard let instant else {
    throw .invalidTime(
      input: text,
      message: "\"\(text)\" is not a time: use ISO 8601 (2026-11-29T18:00:00Z) or @UNIXSECONDS")
  }
  // Years 1970 to 9999: anything else is a typo, not a cooking time.
  guard (0...253_402_300_799_999).contains(instant.unixMilliseconds) else {
    throw .invalidTime(input: text, message: "\"\(text)\" is outside the years 1970 to 9999")
  }
  return instant
}

/// Milliseconds for a fraction's digits (`"1235"` → 124), halves up.
private func fractionMilliseconds(_ digits: Substring) -> Int64 {
  let padded = Array((digits + "0000").prefix(4))
  let ms = Int64(String(padded[0..<3]))!
  return padded[3] >= "5" ? ms + 1 : ms
}

private func unixInstant(_ text: Substring) -> Instant? {
  let parts = text.split(separator: ".", omittingEmptySubsequences: false)
  guard (1...2).contains(parts.count), let whole = Int64(parts[0]), whole.magnitude < 1 << 40
  else { return nil }
  var fraction: Int64 = 0
  if parts.count == 2 {
    guard !parts[1].isEmpty, parts[1].allSatisfy(\.isASCII), parts[1].allSatisfy(\.isNumber)
    else { return nil }
    fraction = fractionMilliseconds(parts[1])
  }
  let negative = parts[0].hasPrefix("-")
  return Instant(unixMilliseconds: whole * 1000 + (negative ? -fraction : fraction))
}

private func isoInstant(_ text: String, _ zone: TimeZone) throws -> Instant? {
  let pattern =
    #/^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}:?\d{2})?$/#
  guard let m = text.wholeMatch(of: pattern) else { return nil }
  // Checked, so 2026-02-30 is refused.
  guard
    let wall = WallTime(
      year: Int(m.1)!, month: Int(m.2)!, day: Int(m.3)!, hour: Int(m.4)!, minute: Int(m.5)!,
      second: m.6.map { Int($0)! } ?? 0)
  else { return nil }
  let fraction = m.7.map(fractionMilliseconds) ?? 0
  if let offset = m.8 {
    let naiveMs = wall.secondsSince1970 * 1000 + fraction
    return Instant(unixMilliseconds: naiveMs - Int64(offsetSeconds(offset)) * 1000)
  }
  // Local time: the one resolver, as for `until 18:42`.
  return try LocalClock.earliest(showing: wall, in: zone, input: text) + fraction
}

private func offsetSeconds(_ text: Substring) -> Int {
  if text == "Z" { return 0 }
  let digits = text.dropFirst().filter(\.isNumber)
  let hours = Int(digits.prefix(2))!
  let minutes = Int(digits.suffix(2))!
  return (text.hasPrefix("-") ? -1 : 1) * (hours * 3600 + minutes * 60)
}
