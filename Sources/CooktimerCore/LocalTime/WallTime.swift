/// What a wall clock shows, to the second, with no zone attached: `2026-10-25 02:30:00`.
///
/// Proleptic Gregorian calendar. Pure arithmetic, so reading and resolving local times needs
/// no `Calendar` (building one per call costs more than the rest of `status`).
public struct WallTime: Hashable, Sendable, Comparable, CustomStringConvertible {
  public var year: Int
  /// 1 to 12.
  public var month: Int
  /// 1 to 31.
  public var day: Int
  /// 0 to 23.
  public var hour: Int
  /// 0 to 59.
  public var minute: Int
  /// 0 to 59.
  public var second: Int

  /// `nil` when the fields name no time (month 13, 30 February, 24:00, minute 60).
  public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
    guard (1...12).contains(month), (1...WallTime.days(inMonth: month, of: year)).contains(day),
      (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
    self.hour = hour
    self.minute = minute
    self.second = second
  }

  /// The wall time `seconds` after 1970-01-01 00:00:00 on the same wall clock (negative
  /// before it).
  public init(secondsSince1970 seconds: Int64) {
    let (dayNumber, secondOfDay) = seconds.floorDivided(by: 86_400)
    let (y, m, d) = WallTime.civil(fromDays: dayNumber)
    year = y
    month = m
    day = d
    hour = Int(secondOfDay / 3600)
    minute = Int(secondOfDay % 3600 / 60)
    second = Int(secondOfDay % 60)
  }

  /// Seconds from 1970-01-01 00:00:00 to this wall time, as if no clock ever changed.
  public var secondsSince1970: Int64 {
    dayNumber * 86_400 + Int64(hour * 3600 + minute * 60 + second)
  }

  /// Days since 1970-01-01 (negative before it).
  public var dayNumber: Int64 { WallTime.days(fromCivil: year, month, day) }

  /// 1 = Sunday … 7 = Saturday, as Foundation's `Calendar` numbers weekdays.
  public var weekday: Int { Int((dayNumber + 4).floorDivided(by: 7).remainder) + 1 }

  /// The same time of day `days` days later (earlier if negative).
  public func addingDays(_ days: Int64) -> WallTime {
    WallTime(secondsSince1970: secondsSince1970 + days * 86_400)
  }

  /// `2026-10-25 02:30:00`.
  public var description: String {
    "\(year)-\(twoDigits(month))-\(twoDigits(day)) "
      + "\(twoDigits(hour)):\(twoDigits(minute)):\(twoDigits(second))"
  }

  /// `2026-10-25`.
  public var dateText: String { "\(year)-\(twoDigits(month))-\(twoDigits(day))" }

  public static func < (a: WallTime, b: WallTime) -> Bool {
    a.secondsSince1970 < b.secondsSince1970
  }

  static func days(inMonth month: Int, of year: Int) -> Int {
    switch month {
    case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  // Howard Hinnant's days_from_civil / civil_from_days (public domain), in Int64.
  static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int64 {
    let y = Int64(month <= 2 ? year - 1 : year)
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = Int64((month + 9) % 12)
    let doy = (153 * mp + 2) / 5 + Int64(day) - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  static func civil(fromDays days: Int64) -> (Int, Int, Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    return (Int(year), Int(month), Int(day))
  }
}

func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
