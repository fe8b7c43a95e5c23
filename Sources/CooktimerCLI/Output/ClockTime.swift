import CooktimerCore
import Foundation

/// `18:42:10`: an instant as a 24-hour wall-clock time in `zone`; on another day than
/// `reference`, with the day in front (`Mon 30 Nov 06:00:00`), so long timers and overnight
/// proofs read right.
func clockTime(_ instant: Instant, in zone: TimeZone, relativeTo reference: Instant? = nil)
  -> String
{
  // Wall-clock arithmetic from the zone's offset at that instant: `status` formats every
  // timer's end, and a Calendar per call costs more than the rest of the command.
  let (day, secondOfDay) = localDay(instant, zone)
  let time = String(
    format: "%02d:%02d:%02d", secondOfDay / 3600, secondOfDay % 3600 / 60, secondOfDay % 60)
  guard let reference, localDay(reference, zone).day != day else { return time }
  let calendar = gregorian(in: zone)
  let c = calendar.dateComponents([.year, .month, .day, .weekday], from: instant.date)
  let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
  var dayText = "\(weekdays[(c.weekday ?? 1) - 1]) \(c.day ?? 1) \(months[(c.month ?? 1) - 1])"
  if c.year != calendar.component(.year, from: reference.date) { dayText += " \(c.year ?? 0)" }
  return "\(dayText) \(time)"
}

/// The local day number (days since 1970-01-01 on the wall clock) and the second of that day.
private func localDay(_ instant: Instant, _ zone: TimeZone) -> (day: Int64, second: Int) {
  let seconds =
    instant.unixMilliseconds >= 0
    ? instant.unixMilliseconds / 1000 : (instant.unixMilliseconds - 999) / 1000
  let local = seconds + Int64(offsets.offset(of: instant, in: zone))
  let day = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
  return (day, Int(local - day * 86_400))
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

/// A Gregorian calendar in `zone`, made once: building one is costly and `status` formats
/// every timer's end.
private func gregorian(in zone: TimeZone) -> Calendar {
  calendarLock.lock()
  defer { calendarLock.unlock() }
  if let calendar = calendars[zone.identifier] { return calendar }
  var calendar = Calendar(identifier: .gregorian)
  calendar.timeZone = zone
  calendars[zone.identifier] = calendar
  return calendar
}

nonisolated(unsafe) private var calendars: [String: Calendar] = [:]
private let calendarLock = NSLock()

/// timers.md §3: a clock time that happens twice (the night clocks fall back) takes the
/// earlier, and says so with its UTC offset; `nil` for an ordinary time.
func repeatedClockTimeNote(_ instant: Instant, zone: TimeZone) -> String? {
  let offset = zone.secondsFromGMT(for: instant.date)
  let around = Set([-10_800.0, 10_800.0].map { zone.secondsFromGMT(for: instant.date + $0) })
  for other in around where other < offset {
    let twin = instant + Int64(offset - other) * 1000
    guard zone.secondsFromGMT(for: twin.date) == other else { continue }
    let sign = offset < 0 ? "-" : "+"
    let hours = abs(offset) / 3600
    let minutes = abs(offset) % 3600 / 60
    let utc = String(format: "UTC%@%02d:%02d", sign, hours, minutes)
    return "\(clockTime(instant, in: zone)) happens twice that night: this is the first (\(utc))"
  }
  return nil
}

/// The zone's UTC offset, remembered until its next transition: asking the zone for every
/// timer of every run is the dearest part of `status`.
private final class OffsetCache: @unchecked Sendable {
  private var zoneID = ""
  private var from = Instant(unixMilliseconds: .max)
  private var until = Instant(unixMilliseconds: .min)
  private var seconds = 0
  private let lock = NSLock()

  func offset(of instant: Instant, in zone: TimeZone) -> Int {
    lock.lock()
    defer { lock.unlock() }
    if zone.identifier == zoneID, instant >= from, instant < until { return seconds }
    zoneID = zone.identifier
    seconds = zone.secondsFromGMT(for: instant.date)
    from = instant
    until =
      zone.nextDaylightSavingTimeTransition(after: instant.date).map { Instant($0) }
      ?? Instant(unixMilliseconds: .max)
    return seconds
  }
}

private let offsets = OffsetCache()
