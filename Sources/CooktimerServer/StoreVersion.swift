import CooktimerService
import Foundation

/// Whether anything was committed to the database since a value was read from it: SQLite's
/// `PRAGMA data_version` on a connection of its own that never writes, so every commit —
/// this server's threads, the sender, the REPL, a one-shot command — changes it
/// (https://sqlite.org/pragma.html#pragma_data_version). Lets answers that depend only on
/// the stored state be kept between changes (docs/architecture.md §5).
final class StoreVersion: @unchecked Sendable {
  /// Threads asking at once share one read (PostgreSQL: one round trip for them all).
  private let read: SharedRead<Int64, ServiceError>

  /// - Parameter service: on a connection nobody else uses, and that never writes.
  init(service: RunService) {
    read = SharedRead { () throws(ServiceError) in try service.dataVersion() }
  }

  /// A number that differs from every earlier one once another connection has committed.
  /// Read it before reading the state it stands for: a commit in between makes the state
  /// newer than the number, never older, so a value kept under it is only ever thrown away
  /// too early.
  func current() throws(ServiceError) -> Int64 {
    try read.value()
  }
}

/// One value kept while the database's ``StoreVersion`` stays the same (and while `fresh`
/// says it still holds), rebuilt by whichever request first finds it stale.
final class VersionedValue<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var kept: (version: Int64, value: Value)?

  /// The value kept under `version` if `fresh` accepts it, else `make()`'s, kept for the next.
  func value(
    at version: Int64, fresh: (Value) -> Bool = { _ in true }, make: () throws -> Value
  ) rethrows -> Value {
    lock.lock()
    let current = kept
    lock.unlock()
    if let current, current.version == version, fresh(current.value) { return current.value }
    let value = try make()
    lock.lock()
    kept = (version, value)
    lock.unlock()
    return value
  }
}
