import Foundation

/// A stretch of time over which a zone's UTC offset does not change, with the offsets on
/// either side: all ``LocalClock`` needs to read an instant and to tell a repeated hour.
struct OffsetSpan: Sendable {
  /// The transition that began the span, or `nil` if none in the two days before the
  /// instant it was built for (then the span is known from `knownFrom` only).
  var start: Instant?
  /// The first instant the span is known to cover.
  var knownFrom: Instant
  /// The next transition, where the span ends (`nil`: none ahead).
  var end: Instant?
  /// UTC offset in seconds inside the span.
  var offset: Int
  /// UTC offset in seconds just before `start` (equals `offset` without a `start`).
  var offsetBefore: Int
  /// UTC offset in seconds from `end` on (equals `offset` without an `end`).
  var offsetAfter: Int

  func contains(_ instant: Instant) -> Bool {
    instant >= knownFrom && end.map { instant < $0 } ?? true
  }

  /// The span of `zone` holding `instant`. Remembered per zone: `status` reads every timer's
  /// end, and asking the zone is the dearest part of that; spans are months long.
  static func containing(_ instant: Instant, in zone: TimeZone) -> OffsetSpan {
    if let known = cache.lookup(zone.identifier, instant) { return known }
    let span = build(instant, zone)
    cache.store(zone.identifier, span)
    return span
  }

  private static func build(_ instant: Instant, _ zone: TimeZone) -> OffsetSpan {
    // Foundation has no "previous transition": walk forward from two days back, which covers
    // every repeated hour (no zone shifts by more than a few hours).
    let from = instant - 2 * 86_400_000
    var start: Instant?
    var next = zone.nextDaylightSavingTimeTransition(after: from.date).map(Instant.init)
    while let t = next, t <= instant {
      start = t
      next = zone.nextDaylightSavingTimeTransition(after: t.date).map(Instant.init)
    }
    let offset = zone.secondsFromGMT(for: instant.date)
    return OffsetSpan(
      start: start, knownFrom: start ?? from, end: next, offset: offset,
      offsetBefore: start.map { zone.secondsFromGMT(for: ($0 - 1000).date) } ?? offset,
      offsetAfter: next.map { zone.secondsFromGMT(for: $0.date) } ?? offset)
  }

  private static let cache = SpanCache()
}

/// The last few spans asked for, per zone identifier.
private final class SpanCache: @unchecked Sendable {
  private var spans: [String: [OffsetSpan]] = [:]
  private let lock = NSLock()

  func lookup(_ zone: String, _ instant: Instant) -> OffsetSpan? {
    lock.lock()
    defer { lock.unlock() }
    return spans[zone]?.first { $0.contains(instant) }
  }

  func store(_ zone: String, _ span: OffsetSpan) {
    lock.lock()
    defer { lock.unlock() }
    // A handful per zone: around now, a timer's end, a plan's start; never unbounded.
    spans[zone, default: []].insert(span, at: 0)
    if spans[zone]!.count > 8 { spans[zone]!.removeLast() }
  }
}
