import CooktimerCore
import Foundation

/// Reads `--now`/`--start`/`--dismissal` times: ISO 8601 with an offset, optionally with
/// fractional seconds (`2026-11-29T18:00:00.250+01:00`), or `@` + Unix seconds
/// (`@1795975200.25`). Rounded to whole milliseconds, halves up (cli.md "Semantics").
///
/// - Throws: `CoreError.invalidTime` (exit 64) naming the input and the accepted forms.
func parseInstant(_ text: String) throws(CoreError) -> Instant {
  if text.hasPrefix("@") {
    let digits = text.dropFirst()
    if let seconds = Double(digits), seconds.isFinite,
      digits.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" })
    {
      return Instant(unixSeconds: seconds)
    }
  } else if let date = parseISO8601(text) {
    return Instant(date)
  }
  throw .invalidTime(
    input: text,
    message: "\"\(text)\" is not a time: use ISO 8601 (2026-11-29T18:00:00Z) or @UNIXSECONDS")
}

private func parseISO8601(_ text: String) -> Date? {
  // Foundation's parser takes whole or fractional seconds, not both in one style.
  let whole = Date.ISO8601FormatStyle()
  let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
  if let date = try? fractional.parse(text) { return date }
  return try? whole.parse(text)
}
