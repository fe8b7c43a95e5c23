import CooktimerCore
import Foundation

/// Runs decoded once per process while their stored JSON stays the same: `GET /v1/runs` of
/// 100 active runs, asked for thousands of times a second, decodes only the runs that
/// changed since. The key is the whole stored text, so an entry never goes stale; a run
/// that changes is stored as new text, and its old entry is never asked for again.
final class RunCache: @unchecked Sendable {
  static let shared = RunCache()

  /// Entries at most; past that the cache starts again empty (old texts are dead weight).
  static let capacity = 1024

  private var runs: [String: Run] = [:]
  private let lock = NSLock()

  func run(_ json: String) -> Run? {
    lock.lock()
    defer { lock.unlock() }
    return runs[json]
  }

  func keep(_ run: Run, for json: String) {
    lock.lock()
    defer { lock.unlock() }
    if runs.count >= Self.capacity { runs.removeAll(keepingCapacity: true) }
    runs[json] = run
  }
}
