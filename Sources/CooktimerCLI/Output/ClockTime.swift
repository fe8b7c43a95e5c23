import CooktimerCore
import Foundation

/// `18:42:10`: an instant as a 24-hour wall-clock time in `zone`; on another day than
/// `reference`, with the day in front (`Mon 30 Nov 06:00:00`), so long timers and overnight
/// proofs read right; in the hour the clocks repeat (fall back), with its UTC offset
/// (`02:30:00 UTC+01:00`), so the cook knows which of the two it is.
///
/// Every clock time the CLI shows comes from here — `status`, alarm lines, missed alarms,
/// `timeline`, `watch` — so one instant always reads the same: seconds truncated, as a wall
/// clock shows them (the rule is ``LocalClock/reading(_:in:)``'s).
func clockTime(_ instant: Instant, in zone: TimeZone, relativeTo reference: Instant? = nil)
  -> String
{
  let reading = LocalClock.reading(instant, in: zone)
  var text = timeOfDay(reading.wall)
  if reading.occurrence != .only { text += " " + reading.offsetText }
  guard let reference else { return text }
  let today = LocalClock.reading(reference, in: zone).wall
  let wall = reading.wall
  guard wall.dayNumber != today.dayNumber else { return text }
  let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
  var day = "\(weekdays[wall.weekday - 1]) \(wall.day) \(months[wall.month - 1])"
  if wall.year != today.year { day += " \(wall.year)" }
  return "\(day) \(text)"
}

/// `07:05:09`. Not `String(format:)`: `status` writes one per timer, and Foundation's
/// formatting cost more than the rest of the line (issue 24).
private func timeOfDay(_ wall: WallTime) -> String {
  twoDigits(wall.hour) + ":" + twoDigits(wall.minute) + ":" + twoDigits(wall.second)
}

private func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }

/// "3 min ago", "1 h 5 min ago", "just now": how long ago `then` was, for late alarms.
func agoText(_ then: Instant, now: Instant) -> String {
  let seconds = max(0, (now - then) / 1000)
  if seconds < 1 { return "just now" }
  if seconds < 60 { return "\(seconds) s ago" }
  let minutes = seconds / 60
  if minutes < 60 { return "\(minutes) min ago" }
  let hours = minutes / 60
  if hours < 48 {
    return minutes % 60 == 0 ? "\(hours) h ago" : "\(hours) h \(minutes % 60) min ago"
  }
  return "\(hours / 24) days ago"
}

/// docs/timers.md §4: a clock time that happens twice (the night clocks fall back) says which of
/// the two it is, with its UTC offset; `nil` for an ordinary time.
func repeatedClockTimeNote(_ instant: Instant, zone: TimeZone) -> String? {
  let reading = LocalClock.reading(instant, in: zone)
  let which: String
  switch reading.occurrence {
  case .only: return nil
  case .first: which = "first"
  case .second: which = "second"
  }
  return "\(timeOfDay(reading.wall)) happens twice that night: this is the \(which) "
    + "(\(reading.offsetText))"
}
