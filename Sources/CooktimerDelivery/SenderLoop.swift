import CooktimerCore
import CooktimerService
import CooktimerStore

extension PushSender {
  /// How often other processes' commits are looked for, in milliseconds: a push queued by
  /// the REPL or `serve` is noticed within this (docs/delivery.md §3 asks for 100 ms).
  static let notice: Int64 = 50

  /// Sends until `stop`: at each wake (a timer's end, an activity's renewal, a retry's
  /// backoff, or another process's commit) one round of ``deliverDue(at:stop:)``. Returns
  /// after the request in flight when stopped.
  ///
  /// - Throws: ``DeliveryError/configuration(_:)`` (the pushes stay pending), or a store error.
  public func run(until stop: StopSignal) throws {
    var version = try service.store.dataVersion()
    while !stop.isStopped {
      try deliverDue(at: service.clock.now(), stop: { stop.isStopped })
      let now = service.clock.now()
      let retry = try service.store.transaction { tx in try tx.nextRetry() }
      let wake = [try service.nextWake(), retry, now + 1000].compactMap { $0 }.min()!
      while !stop.isStopped {
        let left = wake.unixMilliseconds * 1_000_000 - service.clock.nanoseconds()
        if left <= 0 { break }
        if stop.wait(nanoseconds: min(left, Self.notice * 1_000_000)) { break }
        let seen = try service.store.dataVersion()
        if seen != version {
          version = seen
          break
        }
      }
    }
  }
}
