import CooktimerCore
import CooktimerService
import Foundation
import Synchronization

/// Turns what happens to the runs into events, whoever made it happen (docs/api.md §3): a
/// REPL, a one-shot command, this server, or time itself (a timer firing). One thread looks
/// every `interval` seconds, or at once when poked, and compares the runs with what it saw
/// last. It reads the database only when SQLite's `data_version` says another connection
/// wrote, or when a timer is due; between those, a look costs one pragma.
final class RunWatcher: @unchecked Sendable {
  private let hub: EventHub
  private let service: RunService
  private let interval: Double
  private var thread: Thread?
  // Only the watcher's thread touches these.
  private var seen: [String: (run: Run, acknowledged: Instant?)] = [:]
  private var version: Int64?
  /// The instant of the last look that got through: fires after it are news
  /// (``FiredTimers``).
  private var lookedAt: Instant?
  private var nextDue: Instant?
  /// Looks to let pass before trying again to reserve ids after a failed try: a database
  /// held by another process costs a try its busy timeout (5 s), which must not be every look.
  private var reserveRest = 0

  /// - Parameter service: a service of its own (its store connection is the watcher's).
  init(hub: EventHub, service: RunService, interval: Double) {
    self.hub = hub
    self.service = service
    self.interval = interval
  }

  /// Takes the first look (no events: that is the state new clients get), then watches on
  /// a thread of its own, which first reserves event ids (waited for up to a second).
  func start() throws {
    try look(publishing: false)
    let reserved = DispatchSemaphore(value: 0)
    let thread = Thread { [self] in
      reserveIfWanted()
      reserved.signal()
      while true {
        hub.wakeup.wait(timeout: interval)
        if hub.wakeup.isStopped { return }
        reserveIfWanted()
        // A failed look (the database busy or away) is retried at the next one.
        do {
          try look(publishing: true)
          trouble.withLock { $0 = nil }
        } catch {
          let now = service.clock.now()
          trouble.withLock {
            $0 = DeliveryTrouble(
              failingSince: $0?.failingSince ?? now, reason: Self.healthReason(error))
          }
        }
      }
    }
    thread.name = "cooktimer-run-watcher"
    self.thread = thread
    thread.start()
    listenForOtherServers()
    // The first clients' opening events get ids when the reservation is quick, as it is
    // unless another process holds the database; then `serve` starts a second later.
    _ = reserved.wait(timeout: .now() + 1)
  }

  func stop() { hub.wakeup.stop() }

  /// Since when and why the looks fail (the database unreachable: PostgreSQL down or failing
  /// over; SQLite's file unreadable), `nil` while they succeed: `/healthz` answers 503 then.
  var databaseTrouble: DeliveryTrouble? { trouble.withLock { $0 } }
  private let trouble = Mutex<DeliveryTrouble?>(nil)

  /// On PostgreSQL, a thread that waits for other connections' commits (LISTEN/NOTIFY:
  /// another server's change, a REPL, a sender) and pokes the watcher at once, so a page on
  /// this server sees a change made through another as soon as one made here (issue 21).
  /// SQLite has no such waiter: the looks compare `data_version` every `interval`.
  private func listenForOtherServers() {
    guard let waiter = try? service.changeWaiter(for: [.changes]) else { return }
    let (hub, notified) = (hub, notified)
    let thread = Thread {
      while !hub.wakeup.isStopped {
        do {
          if try waiter.wait(timeout: Self.stopCheck) {
            notified.set()
            hub.poke()
          }
        } catch {
          // The database is away (reconnecting failed): the looks fail meanwhile too.
          Thread.sleep(forTimeInterval: Self.stopCheck)
        }
      }
    }
    thread.name = "cooktimer-change-listener"
    thread.start()
  }

  /// Set by the listener when a commit was notified: the next look reads the runs even if
  /// the data version looks unchanged (its bump follows the commit, so a look between the
  /// two would otherwise take the change as seen).
  private let notified = NotifiedFlag()

  /// What `/healthz` says of a failed look: the kind of failure, never the database's
  /// location (a socket path, a user name, a port are not for anyone who can reach
  /// `/healthz`); the server's log has the whole message.
  static func healthReason(_ error: any Error) -> String {
    guard case ServiceError.database(let failure) = error else {
      return "the database could not be read"
    }
    switch failure.kind {
    case .busy: return "the database is unreachable or busy"
    case .io: return "the database cannot be read (I/O or connection failure)"
    case .permissionDenied: return "the database refuses access"
    case .corrupt, .notCooktimerDatabase, .futureSchema: return "the database is not readable"
    case .other: return "the database could not be read"
    }
  }

  /// Seconds one wait for notifications lasts at most: how late a stop is seen there.
  private static let stopCheck = 0.25

  /// Reserves ids when fewer than half a block is left, unless a try failed recently. Never
  /// throws: a held database must keep neither `serve` from starting nor the looks from
  /// going on; events then wait for ids (``look(publishing:)``), opening events go without.
  private func reserveIfWanted() {
    guard hub.wantsIDs else { return }
    guard reserveRest == 0 else {
      reserveRest -= 1
      return
    }
    do {
      try reserveIDs()
    } catch {
      reserveRest = max(1, Int(5 / max(interval, 0.001)))
    }
  }

  /// Takes the next block of event ids (at least `count`) from the database's sequence
  /// (``EventIDs``).
  private func reserveIDs(count: Int = 0) throws {
    let top = hub.reservedTop
    let (stored, newTop) = try service.reserveSequence(
      EventIDs.settingKey, above: top, block: EventIDs.block, count: Int64(count))
    hub.reserved(stored: stored, newTop: newTop)
  }

  /// Compares the runs with those of the last look and publishes what changed: `fired` for
  /// each timer that fired since that look (``FiredTimers``), `run`, `acknowledged`. Only the
  /// watcher's thread calls it once ``start()`` ran (tests call it before, on their own).
  func look(publishing: Bool) throws {
    let now = service.clock.now()
    let current = try service.dataVersion()
    let due = nextDue.map { $0 <= now } ?? false
    let wasNotified = notified.take()
    guard current != version || due || wasNotified || !publishing else { return }
    // A run that just ended is no longer active: it is looked up to tell of its end.
    let watched = try service.watchedRuns(also: seen.keys.sorted(), at: now)
    let keys = try service.validAPIKeys()
    // `apikey revoke` in another process ends that key's streams at this look.
    hub.endStreams(keptFor: Set(keys.map(\.hash)))
    var next: [String: (run: Run, acknowledged: Instant?)] = [:]
    var events: [(name: String, data: String)] = []
    let time = now.description
    for watchedRun in watched {
      let (run, ack) = (watchedRun.run, watchedRun.acknowledgedAt)
      if run.isActive { next[run.id] = (run, ack) }
      guard publishing else { continue }
      let before = seen[run.id]
      var was = before?.run
      was?.acknowledgedUntil = run.acknowledgedUntil  // told by its own event below
      if was != run {
        let after = lookedAt ?? now
        for fired in FiredTimers.fired(in: run, after: after, through: max(now, run.lastChange)) {
          let event = FiredEvent(
            serverTime: time, id: run.id, timer: TimerDocument(run, timer: fired.timer, at: now))
          events.append(("fired", EventHub.encode(event)))
        }
        events.append(("run", EventHub.encode(RunStreamEvent(serverTime: now, run: run))))
      }
      if let ack, ack != before?.acknowledged {
        let event = AcknowledgedEvent(
          serverTime: time, id: run.id, acknowledgedAt: ack.description)
        events.append(("acknowledged", EventHub.encode(event)))
      }
    }
    if !events.isEmpty && !hub.publish(events) {
      // Not enough ids reserved: reserve (or fail this look) and publish the same events.
      try reserveIDs(count: events.count)
      _ = hub.publish(events)
    }
    // Only a look that got this far counts as seen: a failed one is taken again.
    version = current
    lookedAt = now
    seen = next
    nextDue = next.values.compactMap(\.run.nextDue).min()
    hub.setCurrent(
      next.values.map(\.run).sorted { ($0.startedAt, $0.id) < ($1.startedAt, $1.id) })
  }
}

/// A flag one thread sets and others wait for, with a timeout.
final class Wakeup: @unchecked Sendable {
  private let condition = NSCondition()
  private var signalled = false
  private var stopped = false

  func signal() {
    condition.lock()
    signalled = true
    condition.broadcast()
    condition.unlock()
  }

  /// Waits until signalled or `timeout` seconds passed, then clears the signal.
  func wait(timeout: Double) {
    let deadline = Date(timeIntervalSinceNow: timeout)
    condition.lock()
    while !signalled {
      if !condition.wait(until: deadline) { break }
    }
    if !stopped { signalled = false }
    condition.unlock()
  }

  /// Wakes every waiter for good: ``isStopped`` is true from now on.
  func stop() {
    condition.lock()
    stopped = true
    signalled = true
    condition.broadcast()
    condition.unlock()
  }

  var isStopped: Bool {
    condition.lock()
    defer { condition.unlock() }
    return stopped
  }
}

/// A flag one thread sets and another takes (reads and clears) at once.
final class NotifiedFlag: Sendable {
  private let value = Mutex(false)

  func set() { value.withLock { $0 = true } }

  /// Whether it was set since the last take; clears it.
  func take() -> Bool {
    value.withLock { flag in
      defer { flag = false }
      return flag
    }
  }
}
