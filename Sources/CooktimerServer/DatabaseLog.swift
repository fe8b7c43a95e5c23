import CooktimerService
import Foundation

/// What `serve` says in its log when its database goes away and comes back, as `send`
/// says it of delivery (docs/delivery.md: "delivery is waiting: …" / "delivery resumed"):
/// one line at each change, never one per failed look (the watcher looks every 10 to
/// 50 ms). The reason is the store's message, which names the database without its
/// password (`PostgreSQLEngine.withoutPassword`); `/healthz` says only the kind.
struct DatabaseLog: Sendable {
  let write: (@Sendable (String) -> Void)?

  /// The looks began to fail with `error`.
  func unavailable(_ error: any Error) {
    write?(
      "the database is unavailable: \(ServiceError.logWords(error)); /healthz answers 503 and "
        + "requests that need it fail until it is back; trying again until it works")
  }

  /// A look succeeded again after failing.
  func back() { write?("the database is back") }
}
