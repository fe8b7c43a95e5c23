import Foundation

/// A point in time, as whole milliseconds since the Unix epoch (1970-01-01T00:00:00Z).
///
/// The engine never reads a clock: every transition takes an `Instant` from its caller.
/// Durations next to instants are plain `Int64` milliseconds.
///
/// ```swift
/// let t = Instant(unixMilliseconds: 1_795_975_200_000)  // 2026-11-29T18:00:00Z
/// let later = t + 90_000                                // 90 s later
/// ```
public struct Instant: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// Milliseconds since 1970-01-01T00:00:00Z.
  public var unixMilliseconds: Int64

  public init(unixMilliseconds: Int64) {
    self.unixMilliseconds = unixMilliseconds
  }

  /// The instant nearest to `date`, rounded to whole milliseconds (halves up).
  public init(_ date: Date) {
    let ms = (date.timeIntervalSince1970 * 1000 + 0.5).rounded(.down)
    self.unixMilliseconds = Int64(ms)
  }

  /// The instant `seconds` after the Unix epoch, rounded to whole milliseconds (halves up).
  public init(unixSeconds seconds: Double) {
    self.unixMilliseconds = Int64((seconds * 1000 + 0.5).rounded(.down))
  }

  /// This instant as a Foundation `Date`.
  public var date: Date { Date(timeIntervalSince1970: Double(unixMilliseconds) / 1000) }

  /// Seconds since the Unix epoch, with milliseconds as the fraction.
  public var unixSeconds: Double { Double(unixMilliseconds) / 1000 }

  /// Seconds since 2001-01-01T00:00:00Z (Foundation's reference date), as ActivityKit
  /// decodes a `Date` with a default `JSONDecoder` (`.deferredToDate`).
  public var referenceDateSeconds: Double { Double(unixMilliseconds - 978_307_200_000) / 1000 }

  public static func < (a: Instant, b: Instant) -> Bool { a.unixMilliseconds < b.unixMilliseconds }

  /// The instant `milliseconds` later (earlier if negative).
  public static func + (a: Instant, milliseconds: Int64) -> Instant {
    Instant(unixMilliseconds: a.unixMilliseconds + milliseconds)
  }

  /// The instant `milliseconds` earlier.
  public static func - (a: Instant, milliseconds: Int64) -> Instant {
    Instant(unixMilliseconds: a.unixMilliseconds - milliseconds)
  }

  /// The milliseconds from `b` to `a` (negative if `a` is earlier).
  public static func - (a: Instant, b: Instant) -> Int64 { a.unixMilliseconds - b.unixMilliseconds }

  public init(from decoder: Decoder) throws {
    unixMilliseconds = try decoder.singleValueContainer().decode(Int64.self)
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(unixMilliseconds)
  }

  /// ISO 8601 in UTC with milliseconds, e.g. `2026-11-29T18:00:00.250Z`.
  public var description: String {
    // Format whole seconds and append the milliseconds ourselves: a Double round trip
    // through `Date` turns .600 into .599.
    let (seconds, ms) = unixMilliseconds.floorDivided(by: 1000)
    let (days, second) = seconds.floorDivided(by: 86_400)
    let (year, month, day) = Self.civil(days: days)
    guard (1...9999).contains(year) else {
      let whole = Date(timeIntervalSince1970: Double(seconds)).formatted(
        Date.ISO8601FormatStyle())
      return whole.dropLast() + "." + String(ms + 1000).dropFirst() + "Z"
    }
    // By hand rather than through a date formatter: a status document carries several of
    // these per run, and the formatter was a tenth of `GET /v1/runs` (the text is the same,
    // InstantTextTests compares the two).
    var text = [UInt8]()
    text.reserveCapacity(24)
    func digits(_ value: Int64, _ count: Int) {
      var divisor: Int64 = 1
      for _ in 1..<count { divisor *= 10 }
      var rest = value
      while divisor > 0 {
        text.append(UInt8(ascii: "0") + UInt8(rest / divisor))
        rest %= divisor
        divisor /= 10
      }
    }
    digits(year, 4)
    text.append(UInt8(ascii: "-"))
    digits(month, 2)
    text.append(UInt8(ascii: "-"))
    digits(day, 2)
    text.append(UInt8(ascii: "T"))
    digits(second / 3600, 2)
    text.append(UInt8(ascii: ":"))
    digits(second / 60 % 60, 2)
    text.append(UInt8(ascii: ":"))
    digits(second % 60, 2)
    text.append(UInt8(ascii: "."))
    digits(ms, 3)
    text.append(UInt8(ascii: "Z"))
    return String(decoding: text, as: UTF8.self)
  }

  /// The proleptic Gregorian year, month and day of a count of days since 1970-01-01
  /// (H. Hinnant's `civil_from_days`).
  static func civil(days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shifted = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shifted + 2) / 5 + 1
    let month = shifted < 10 ? shifted + 3 : shifted - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

extension Instant {
  /// Whole Unix seconds at or before this instant: what a clock shows, and APNs
  /// `timestamp`s and expirations (live-activity.md §3).
  public var floorUnixSeconds: Int64 { unixMilliseconds.floorDivided(by: 1000).quotient }

  /// Whole Unix seconds at or after this instant: a stale or dismissal date is never early.
  public var ceilUnixSeconds: Int64 { -(-unixMilliseconds).floorDivided(by: 1000).quotient }
}

extension Int64 {
  /// Floor division with a non-negative remainder, so instants before 1970 read right.
  public func floorDivided(by d: Int64) -> (quotient: Int64, remainder: Int64) {
    let r = ((self % d) + d) % d
    return ((self - r) / d, r)
  }
}
