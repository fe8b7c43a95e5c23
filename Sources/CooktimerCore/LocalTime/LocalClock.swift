import Foundation

/// The one local-time resolver (docs/timers.md §3.4): every clock time the cook types or is shown
/// goes through here, in both directions. Pure: each answer depends only on the instant (or
/// wall time) and the `TimeZone` passed in, never on the process's clock or zone.
public enum LocalClock {
  /// Which of the instants that show the same wall time this is.
  public enum Occurrence: Hashable, Sendable {
    /// The wall time happens once.
    case only
    /// The first of two: the clocks fall back later and show this time again.
    case first
    /// The second of two: the clocks fell back and showed this time already.
    case second
  }

  /// What a clock in a zone shows at an instant.
  public struct Reading: Hashable, Sendable {
    /// The wall time, to the second.
    public var wall: WallTime
    /// The zone's UTC offset then, in seconds (east positive).
    public var offsetSeconds: Int
    /// Whether the wall time repeats that night, and which one this is.
    public var occurrence: Occurrence

    /// `UTC+01:00`, `UTC-04:00`, `UTC+10:30`.
    public var offsetText: String { LocalClock.offsetText(offsetSeconds) }
  }

  /// What a clock in `zone` shows at `instant`.
  ///
  /// The one rounding rule for clock times: seconds are **truncated**, as every wall clock
  /// and phone shows them. An alarm due at 07:39:34.200 rings while the kitchen clock reads
  /// 07:39:34, so "ends 07:39:34" and "done at 07:39:34" are what the cook sees on the clock
  /// when it rings. (Countdowns are durations and round up instead, docs/timers.md §4.)
  public static func reading(_ instant: Instant, in zone: TimeZone) -> Reading {
    let span = OffsetSpan.containing(instant, in: zone)
    let seconds = instant.floorUnixSeconds
    let wall = WallTime(secondsSince1970: seconds + Int64(span.offset))
    var occurrence = Occurrence.only
    // The hour after a fall-back transition repeats the hour before it.
    if let end = span.end, span.offsetAfter < span.offset,
      instant >= end - Int64(span.offset - span.offsetAfter) * 1000
    {
      occurrence = .first
    } else if let start = span.start, span.offsetBefore > span.offset,
      instant < start + Int64(span.offsetBefore - span.offset) * 1000
    {
      occurrence = .second
    }
    return Reading(wall: wall, offsetSeconds: span.offset, occurrence: occurrence)
  }

  /// Every instant at which a clock in `zone` shows `wall`, earliest first: none in a
  /// spring-forward gap, two in a fall-back repeat, else one. Whole seconds.
  public static func instants(showing wall: WallTime, in zone: TimeZone) -> [Instant] {
    let naive = wall.secondsSince1970 * 1000
    // Offsets lie within −12 h … +14 h: every answer is in this window.
    let windowEnd = Instant(unixMilliseconds: naive + 13 * 3_600_000)
    var span = OffsetSpan.containing(Instant(unixMilliseconds: naive - 15 * 3_600_000), in: zone)
    var offsets: Set<Int> = [span.offset]
    while let end = span.end, end <= windowEnd {
      span = OffsetSpan.containing(end, in: zone)
      offsets.insert(span.offset)
    }
    return offsets.map { Instant(unixMilliseconds: naive - Int64($0) * 1000) }
      .filter {
        OffsetSpan.containing($0, in: zone).offset == Int(naive - $0.unixMilliseconds) / 1000
      }
      .sorted()
  }

  /// The next instant strictly after `now` at which a clock in `zone` shows
  /// `hour`:`minute`:`second` — "until 02:30" (docs/timers.md §3.4). When the time happens twice
  /// ahead (fall back), the earlier; when the time is skipped before it next comes (spring
  /// forward), an error saying so.
  /// - Throws: `CoreError.invalidTime` naming the skipped time, its date and the zone.
  public static func next(
    hour: Int, minute: Int, second: Int, after now: Instant, in zone: TimeZone, input: String
  ) throws(CoreError) -> Instant {
    let shown = reading(now, in: zone).wall
    for days in Int64(-1)...2 {
      let day = shown.addingDays(days)
      guard
        let wanted = WallTime(
          year: day.year, month: day.month, day: day.day, hour: hour, minute: minute,
          second: second)
      else { continue }
      let candidates = instants(showing: wanted, in: zone)
      if candidates.isEmpty {
        // Skipped: an error if the clock has yet to reach it, else it is tomorrow's turn.
        if wanted > shown { throw skipped(wanted, in: zone, input: input) }
        continue
      }
      if let ahead = candidates.first(where: { $0 > now }) { return ahead }
    }
    throw CoreError.invalidTime(input: input, message: "cannot find \"\(input)\" after now")
  }

  /// The instant a clock in `zone` shows `wall` at; the earlier when it shows it twice.
  /// - Throws: `CoreError.invalidTime` when the clocks skip `wall` (spring forward).
  public static func earliest(
    showing wall: WallTime, in zone: TimeZone, input: String
  ) throws(CoreError) -> Instant {
    guard let first = instants(showing: wall, in: zone).first else {
      throw skipped(wall, in: zone, input: input)
    }
    return first
  }

  /// `2:30 does not exist on 2026-03-29 in Europe/Berlin (clocks go forward): …`.
  static func skipped(_ wall: WallTime, in zone: TimeZone, input: String) -> CoreError {
    let time =
      "\(wall.hour):\(twoDigits(wall.minute))"
      + (wall.second > 0 ? ":\(twoDigits(wall.second))" : "")
    return .invalidTime(
      input: input,
      message:
        "\(time) does not exist on \(wall.dateText) in \(zone.identifier) (clocks go forward): "
        + "type a time after the change")
  }

  /// `UTC+01:00` for 3600 seconds east of UTC.
  public static func offsetText(_ seconds: Int) -> String {
    let sign = seconds < 0 ? "-" : "+"
    let magnitude = abs(seconds)
    return "UTC\(sign)\(twoDigits(magnitude / 3600)):\(twoDigits(magnitude % 3600 / 60))"
  }
}
