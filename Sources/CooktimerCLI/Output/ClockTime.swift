import CooktimerCore
import Foundation

/// `18:42:10`: an instant as a 24-hour wall-clock time in `zone`.
func clockTime(_ instant: Instant, in zone: TimeZone) -> String {
  var calendar = Calendar(identifier: .gregorian)
  calendar.timeZone = zone
  let c = calendar.dateComponents([.hour, .minute, .second], from: instant.date)
  return String(format: "%02d:%02d:%02d", c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
}

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
