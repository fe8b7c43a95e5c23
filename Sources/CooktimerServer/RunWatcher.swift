import CooktimerCore
import CooktimerService
import Foundation
import Synchronization

/// Turns what happens to the runs into events, whoever made it happen (docs/api.md §3): a
/// REPL, a one-shot command, this server or another, or time itself (a timer firing). One
/// thread looks every `interval` seconds, or at once when poked (a change through this
/// server; on PostgreSQL a notified commit), and reads the change log after its
/// ``ChangeCursor``: each change is an event whose id is the change's number. It reads the
/// database only when SQLite's `data_version` says another connection wrote, when a timer
/// is due, or while the cursor waits at a hole; between those, a look costs one pragma.
final class RunWatcher: @unchecked Sendable {
  private let hub: EventHub
  private let service: RunService
  private let interval: Double
  private var thread: Thread?
  // Only the watcher's thread touches these.
  private var seen: [String: Run] = [:]
  private var version: Int64?
  /// The instant of the last look that got through: fires after it are news
  /// (``FiredTimers``).
  private var lookedAt: Instant?
  private var nextDue: Instant?
  /// How far the change log was told; `nil` until the first look.
  private var cursor: ChangeCursor?

  /// Where the watcher says, once each, that the database became unavailable and that it
  /// is back (``DatabaseLog``).
  private let log: DatabaseLog

  /// - Parameters:
  ///   - service: a service of its own (its store connection is the watcher's).
  ///   - log: one line, without the `cooktimer: ` prefix, at each change of the database's
  ///     availability; nil: none.
  init(
    hub: EventHub, service: RunService, interval: Double,
    log: (@Sendable (String) -> Void)? = nil
  ) {
    self.hub = hub
    self.service = service
    self.interval = interval
    self.log = DatabaseLog(write: log)
  }

  /// Takes the first look (no events: that is the state new clients get), then watches on
  /// a thread of its own.
  func start() throws {
    try look(publishing: false)
    // On PostgreSQL a look without news is a round trip and NOTIFY wakes the watcher at
    // once: a slower poll there only bounds how late a fire or a lost notification is seen.
    let poll = listenForOtherServers() ? max(interval, Self.notifiedPoll) : interval
    let thread = Thread { [self] in
      while true {
        hub.wakeup.wait(timeout: poll)
        if hub.wakeup.isStopped { return }
        // A failed look (the database busy or away) is retried at the next one.
        do {
          try look(publishing: true)
          away.withLock { $0 = false }
          if trouble.withLock({ $0.take() }) != nil { log.back() }
        } catch {
          away.withLock { $0 = Self.isAway(error) }
          let now = service.clock.now()
          let first = trouble.withLock {
            let first = $0 == nil
            $0 = DeliveryTrouble(
              failingSince: $0?.failingSince ?? now, reason: Self.healthReason(error))
            return first
          }
          if first { log.unavailable(error) }
        }
      }
    }
    thread.name = "cooktimer-run-watcher"
    self.thread = thread
    thread.start()
  }

  /// Seconds between looks when other connections' commits are notified (PostgreSQL).
  static let notifiedPoll = 0.05

  func stop() { hub.wakeup.stop() }

  /// Since when and why the looks fail (the database unreachable: PostgreSQL down or failing
  /// over; SQLite's file unreadable), `nil` while they succeed: `/healthz` answers 503 then.
  var databaseTrouble: DeliveryTrouble? { trouble.withLock { $0 } }
  private let trouble = Mutex<DeliveryTrouble?>(nil)

  /// Whether the last look found the database not there (unreachable, or its connection
  /// lost): the server then answers what needs it 503 at once instead of each request
  /// waiting out the reconnection's pauses (~3 s) on a worker thread — with four workers,
  /// `/healthz` queued behind them for 10 s and more (a tester's outage).
  var databaseIsAway: Bool { away.withLock { $0 } }
  private let away = Mutex(false)

  static func isAway(_ error: any Error) -> Bool {
    guard case ServiceError.database(let failure) = error else { return false }
    return failure.kind.isAway
  }

  /// On PostgreSQL, a thread that waits for other connections' commits (LISTEN/NOTIFY:
  /// another server's change, a REPL, a sender) and pokes the watcher at once, so a page on
  /// this server sees a change made through another as soon as one made here (issue 21).
  /// SQLite has no such waiter: the looks compare `data_version` every `interval`.
  /// - Returns: whether a listener started.
  private func listenForOtherServers() -> Bool {
    guard let waiter = try? service.changeWaiter(for: [.changes]) else { return false }
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
    return true
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
    // The watcher's connection lost mid-look reads as busy: which of the two is not known.
    case .busy: return "the database is unreachable or busy"
    default: return failure.kind.summary
    }
  }

  /// Seconds one wait for notifications lasts at most: how late a stop is seen there.
  private static let stopCheck = 0.25

  /// Reads the changes after the cursor and publishes them, each with its number as id
  /// (`run`, `acknowledged`), after a `fired` event for each timer that fired since the last
  /// look (``FiredTimers``) and, for a run whose state time alone moved, a `run` event (these
  /// two without ids: no change was logged). Only the watcher's thread calls it once
  /// ``start()`` ran (tests call it before, on their own). A look that does not publish (the
  /// first) leaves the cursor: the changes it read are in the state new clients get, and
  /// told once more at the next look.
  func look(publishing: Bool) throws {
    if cursor == nil {
      let start = try service.changeLogStart()
      hub.begin(after: start.last)
      cursor = start
    }
    let now = service.clock.now()
    let current = try service.dataVersion()
    let due = nextDue.map { $0 <= now } ?? false
    let wasNotified = notified.take()
    let waiting = cursor?.isWaiting ?? false
    guard current != version || due || wasNotified || waiting || !publishing else { return }
    var moved = cursor!
    // Every active run is read at the first look and when a timer is due (its fire is
    // told from the runs' states); otherwise only the runs of the changes: every run write
    // logs one, so the rest are as seen (a look costs the changes, not the active runs).
    let everyActive = !publishing || due
    // A run that just ended is no longer active: it is looked up to tell of its end.
    let look = try service.watch(
      &moved, also: everyActive ? seen.keys.sorted() : [], everyActive: everyActive, at: now)
    let keys = try service.validAPIKeys()
    // `apikey revoke` in another process ends that key's streams at this look.
    hub.endStreams(keptFor: Set(keys.map(\.hash)))
    var next: [String: Run] = everyActive ? [:] : seen
    for watched in look.runs {
      next[watched.run.id] = watched.run.isActive ? watched.run : nil
    }
    if publishing {
      // The runs as of this look go with the events, under one lock: a client that
      // subscribes between them must not get the old runs under the new newest id.
      hub.publish(events(of: look, at: now), through: moved.last, current: Self.ordered(next))
      cursor = moved
    } else {
      hub.setCurrent(Self.ordered(next))
    }
    // Only a look that got this far counts as seen: a failed one is taken again.
    version = current
    lookedAt = now
    seen = next
    nextDue = next.values.compactMap(\.nextDue).min()
  }

  /// The active runs oldest first (by id when started together): a new client's order.
  private static func ordered(_ runs: [String: Run]) -> [Run] {
    runs.values.sorted { ($0.startedAt, $0.id) < ($1.startedAt, $1.id) }
  }

  /// The events of one look, in order: fires first, then the logged changes.
  private func events(of look: WatchLook, at now: Instant) -> [EventHub.Event] {
    let time = now.description
    let logged = Set(look.changes.filter { $0.kind == .run }.map(\.runID))
    var events: [EventHub.Event] = []
    var byID: [String: WatchedRun] = [:]
    for watched in look.runs {
      let run = watched.run
      byID[run.id] = watched
      var was = seen[run.id]
      was?.acknowledgedUntil = run.acknowledgedUntil  // told by its own event
      guard was != run else { continue }
      let after = lookedAt ?? now
      for fired in FiredTimers.fired(in: run, after: after, through: max(now, run.lastChange)) {
        let event = FiredEvent(
          serverTime: time, id: run.id, timer: TimerDocument(run, timer: fired.timer, at: now))
        events.append(EventHub.Event(id: nil, name: "fired", data: EventHub.encode(event)))
      }
      if !logged.contains(run.id) && was != nil {
        let data = EventHub.encode(RunStreamEvent(serverTime: now, run: run))
        events.append(EventHub.Event(id: nil, name: "run", data: data))
      }
    }
    for change in look.changes {
      guard let watched = byID[change.runID] else { continue }
      events.append(EventHub.event(change, run: watched, at: now))
    }
    return events
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
