import Foundation

/// One read of the database shared by every caller that asked while it was waiting: a caller
/// gets the result of a read that *began after it asked* — never of one already on its way,
/// which may have been answered before a commit the caller knows of — and callers arriving
/// while a read is in flight all wait for the next one and share it. So N threads asking at
/// once cost two round trips at most, not N (docs/deploy.md §6: `GET /v1/runs` on
/// PostgreSQL read `cooktimer_data_version` once per request, one at a time on one
/// connection).
final class SharedRead<Value: Sendable, Failure: Error>: @unchecked Sendable {
  private let read: () throws(Failure) -> Value
  private let condition = NSCondition()
  /// Reads begun so far; the last one's result once `finished == started`.
  private var started = 0
  private var finished = 0
  private var last: Result<Value, Failure>?
  private var reading = false
  /// Callers waiting for a read to begin or end (for tests); read under the lock, as the
  /// callers change it under the lock.
  var waiting: Int {
    condition.lock()
    defer { condition.unlock() }
    return waitingCount
  }
  private var waitingCount = 0

  /// - Parameter read: one read; called by one caller at a time, on the caller's thread.
  init(_ read: @escaping () throws(Failure) -> Value) { self.read = read }

  /// The result (or error) of a read that began after this call did.
  func value() throws(Failure) -> Value {
    condition.lock()
    defer { condition.unlock() }
    // Any read numbered past those begun so far began after now.
    let ticket = started + 1
    while finished < ticket {
      if reading {
        waitingCount += 1
        condition.wait()
        waitingCount -= 1
        continue
      }
      reading = true
      started += 1
      condition.unlock()
      let result = Result { () throws(Failure) in try read() }
      condition.lock()
      last = result
      finished = started
      reading = false
      condition.broadcast()
    }
    // `last` is the newest read's, numbered `finished` ≥ `ticket`.
    return try last!.get()
  }
}
