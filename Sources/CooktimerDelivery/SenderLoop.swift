import CooktimerAPNs
import CooktimerCore
import CooktimerService
import CooktimerStore

extension PushSender {
  /// How often other processes' commits are looked for on SQLite, in milliseconds: a push
  /// queued by the REPL or `serve` is noticed within this (docs/delivery.md §3 asks for
  /// 100 ms). PostgreSQL tells them at once (``ChangeWaiter``).
  static let notice: Int64 = 50
  /// How long one wait for PostgreSQL's notifications lasts at most, in milliseconds: how
  /// late a stop is seen while waiting there.
  static let stopCheck: Int64 = 100

  /// Sends until `stop`: at each wake (a timer's end, an activity's renewal, a retry's
  /// backoff, or another process's commit) one round of ``deliverDue(at:stop:)``. Returns
  /// after the request in flight when stopped.
  ///
  /// A round that fails for a reason that may pass — the database held by another process
  /// past SQLite's busy timeout, a full disk, any store error — is tried again after
  /// ``RoundBackoff``'s wait, for as long as it takes: the loop never ends on its own while
  /// `send` or `serve` runs (issue 26: a lock held over 5 s stopped delivery for good).
  /// `health` says meanwhile since when and why; `log` gets one line when a streak of
  /// failures starts (one outage, one line, however its reason is worded along the way:
  /// a PostgreSQL restart is "lost the connection" and then "could not connect"), and one
  /// when delivery resumes.
  ///
  /// - Throws: only what no wait mends: ``DeliveryError/configuration(_:)`` and the APNs
  ///   key's or settings' errors (the pushes stay pending; the CLI exits 78).
  public func run(until stop: StopSignal, health: DeliveryHealth = DeliveryHealth()) throws {
    var version: Int64?
    var backoff = RoundBackoff()
    // PostgreSQL: woken by the commits of any server or sender (LISTEN/NOTIFY), any change
    // counted, as a change may make a waiting push sendable (a token, a run's new end).
    // Without one (SQLite, or no connection for it yet), `data_version` is polled.
    var waiter = try? service.changeWaiter(for: [.changes, .pushes])
    while !stop.isStopped {
      let wake: Instant
      do {
        if version == nil { version = try service.store.dataVersion() }
        let round = service.clock.now()
        try deliverDue(at: round, stop: { stop.isStopped })
        let now = service.clock.now()
        // Only retries after the round's moment: it looked at the others already, and one it
        // left waiting (no token yet) would make the loop spin until the push expired.
        let retry = try service.store.read { tx in try tx.nextRetry(after: round) }
        wake = [try service.nextWake(), retry, now + 1000].compactMap { $0 }.min()!
      } catch {
        if Self.isLasting(error) { throw error }
        let delay = backoff.failed()
        // The log has the whole message; `/healthz` (``DeliveryHealth``) the kind only.
        if health.failed(at: service.clock.now(), reason: Self.publicWords(error)) {
          log(
            "delivery is waiting: \(Self.words(error)); trying again until it works "
              + "(pushes stay queued)")
        }
        if stop.wait(nanoseconds: delay * 1_000_000) { break }
        continue
      }
      backoff.succeeded()
      if health.succeeded() { log("delivery resumed") }
      if waiter == nil { waiter = try? service.changeWaiter(for: [.changes, .pushes]) }
      while !stop.isStopped {
        let left = wake.unixMilliseconds * 1_000_000 - service.clock.nanoseconds()
        if left <= 0 { break }
        if let waiter {
          // A lost connection that cannot be made again ends the wait: the round says why.
          let slice = Double(min(left, Self.stopCheck * 1_000_000)) / 1e9
          guard let told = try? waiter.wait(timeout: slice), !told else { break }
          continue
        }
        if stop.wait(nanoseconds: min(left, Self.notice * 1_000_000)) { break }
        // A look that fails ends the wait: the round says why (and backs off).
        guard let seen = try? service.store.dataVersion() else { break }
        if seen != version {
          version = seen
          break
        }
      }
    }
  }

  /// `error` in words for the log (``ServiceError/logWords(_:)``).
  public static func words(_ error: any Error) -> String { ServiceError.logWords(error) }

  /// `error` for whoever can read `/healthz` (``ServiceError/publicWords(_:)``).
  public static func publicWords(_ error: any Error) -> String { ServiceError.publicWords(error) }

  /// Errors that waiting does not mend: the sender's configuration.
  public static func isLasting(_ error: any Error) -> Bool {
    switch error {
    case is DeliveryError: return true
    case let error as APNsError:
      switch error {
      case .key, .signing, .settings: return true
      case .request, .transport, .notHTTP2: return false
      }
    default: return false
    }
  }
}
