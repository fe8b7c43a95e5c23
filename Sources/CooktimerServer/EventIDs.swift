/// The ids of `GET /v1/events` (docs/api.md §1.4): one sequence for the database, kept in
/// the setting ``settingKey``, so ids grow across `serve` restarts and a `Last-Event-ID`
/// from before a restart (or from another database) is recognised as unknown and answered
/// with a `resync` instead of a silent gap (whatwg/html issue 8297).
///
/// Writing the setting for every event would put a write in the way of every event; the
/// watcher reserves ids in blocks instead (hi/lo): the stored value is the highest id any
/// process may have issued, and a new process starts above it. Unused ids of a block are
/// skipped, which clients never notice (ids are opaque and only compared by the server).
///
/// Not thread-safe: ``EventHub`` holds it under its lock.
struct EventIDs {
  /// The setting that holds the highest reserved id (decimal).
  static let settingKey = "event_ids_reserved"
  /// How many ids one reservation takes.
  static let block: Int64 = 1000

  /// The newest id issued (at start: the stored reservation, issued by an earlier process).
  private(set) var last: Int64 = 0
  /// The highest id this process may issue; 0 before the first reservation.
  private(set) var top: Int64 = 0
  /// The lowest `Last-Event-ID` this process issued that is still followed by every event in
  /// the hub's log; ids below it (an earlier process's, a trimmed event's) are unknown.
  var floor: Int64 = 1

  /// Ids left before the next reservation is needed.
  var remaining: Int64 { top - last }

  /// True once fewer than half a block is left: the watcher reserves more at its next look.
  var wantsMore: Bool { remaining < Self.block / 2 }

  /// The next id, or `nil` when the reservation is used up (the watcher could not write).
  mutating func take() -> Int64? {
    guard last < top else { return nil }
    last += 1
    return last
  }

  /// Takes a reservation: `stored` was the setting before it, `newTop` after. When another
  /// process reserved in between (`stored` above this process's top), the rest of the old
  /// block is skipped and ids issued before are no longer known (a client holding one
  /// resyncs), since ids between are another process's.
  mutating func reserved(stored: Int64, newTop: Int64) {
    if stored > top {
      last = max(last, stored)
      floor = stored + 1
    }
    top = newTop
  }
}
