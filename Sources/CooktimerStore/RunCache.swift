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

  /// Sized once: growing re-hashes every key, and a key is a whole stored run — about a
  /// tenth of a one-shot `status` with 100 runs went to that (issue 24).
  private var runs = [StoredText: Run](minimumCapacity: RunCache.capacity)
  private let lock = NSLock()

  func run(_ json: String) -> Run? {
    lock.lock()
    defer { lock.unlock() }
    return runs[StoredText(json)]
  }

  func keep(_ run: Run, for json: String) {
    lock.lock()
    defer { lock.unlock() }
    if runs.count >= Self.capacity { runs.removeAll(keepingCapacity: true) }
    runs[StoredText(json)] = run
  }
}

/// A stored text hashed and compared by its UTF-8 bytes. A `String` key hashes non-ASCII
/// text (a `Soße` in a title) through Unicode normalization first; a stored run is the same
/// run only when its bytes are the same, so the bytes are the right key and cheaper.
struct StoredText: Hashable {
  var text: String

  init(_ text: String) { self.text = text }

  static func == (a: StoredText, b: StoredText) -> Bool { a.text.utf8.elementsEqual(b.text.utf8) }

  func hash(into hasher: inout Hasher) {
    var text = text
    text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}
