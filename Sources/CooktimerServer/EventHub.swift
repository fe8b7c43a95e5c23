import CooktimerCore
import CooktimerHTTP
import CooktimerService
import Foundation

/// `GET /v1/events` (docs/api.md §1.4): every open stream and the recent events. A change's
/// event has the change log's number as its id (`run_changes`, ``RunChange``), so every
/// server sends the same id for the same change, and a client that reconnects with
/// `Last-Event-ID` — to this server or another, before or after a restart — gets exactly the
/// events after it (WHATWG HTML, "Server-sent events"): from the recent ones kept here, else
/// from the log. A new client gets one `run` event per active run, each with the newest id
/// told (the state as of that change). An id the log cannot answer — pruned, from another
/// database, from the future, not a number — gets one `resync` event with every active run:
/// never a silent gap (whatwg/html issue 8297). `fired` events, and the `run` event a fire
/// brings, are time's doing, not a change: they go without an id and are not replayed (the
/// runs a reconnecting client gets show its timers' end dates).
///
/// Thread-safety: one lock over the streams and the kept events. Streams are written under
/// it (a write only buffers), so every client sees the events in one order; a stream whose
/// write fails is dropped at once. The log is read outside it.
final class EventHub: @unchecked Sendable {
  struct Event {
    /// The change's number; `nil` for a fire's events.
    let id: Int64?
    let name: String
    let data: String
  }

  /// An open stream and whose it is: the SHA-256 (hex) of its API key, `""` without one.
  private struct Subscriber {
    let stream: EventStream
    let caller: String
    /// Changes up to this number are not sent to it (it had them from another server).
    let after: Int64
  }

  private let lock = NSLock()
  private var streams: [Subscriber] = []
  private var log: [Event] = []
  /// Every change numbered up to this was told (or will never commit): ``ChangeCursor``.
  private var told: Int64 = 0
  /// The kept events hold every change after this number.
  private var floor: Int64 = 0
  /// The active runs as last seen, for a new client's first events.
  private var current: [Run] = []
  private let capacity: Int
  let clock: any Clock
  /// Wakes the watcher at once after a change made through the API.
  let wakeup = Wakeup()
  /// Set once the watcher has begun (``begin(after:)``): before, the hub knows neither the
  /// newest change nor the active runs.
  private let begun = NSCondition()
  private var hasBegun = false
  /// Seconds a new stream waits for the watcher to begin before it is answered 503.
  private let beginWait: Double

  init(clock: any Clock, capacity: Int = 512, beginWait: Double = 5) {
    self.clock = clock
    self.capacity = capacity
    self.beginWait = beginWait
  }

  /// Where the watcher starts in the change log: nothing before is kept here.
  func begin(after seq: Int64) {
    lock.lock()
    (told, floor) = (seq, seq)
    lock.unlock()
    begun.lock()
    hasBegun = true
    begun.broadcast()
    begun.unlock()
  }

  /// A new stream for `request`, with what it missed (or the current runs) queued first.
  /// - Parameters:
  ///   - caller: ``Authorization/caller(of:)``: the stream ends when that key is revoked
  ///     (``endStreams(keptFor:)``).
  ///   - service: reads the change log for a `Last-Event-ID` older than the kept events.
  func subscribe(_ request: HTTPRequest, caller: String, service: RunService) -> HTTPResponse {
    // A stream opened before the watcher's first look (a server just started) found `told`
    // 0: its Last-Event-ID read as ahead, and the changes between it and where the watcher
    // began were never sent — a silent gap (the fault test: a stop through server A that
    // B's stream never told, B restarted just after it). A new client got no runs.
    guard waitUntilBegun() else {
      return APIError.response(
        for: RequestError.unavailable("the server is starting: its event stream is not ready"))
    }
    let stream = EventStream()
    let header = request.headers["Last-Event-ID"]?.trimmingCharacters(in: .whitespaces)
    guard let header, !header.isEmpty else {
      lock.lock()
      defer { lock.unlock() }
      let now = clock.now()
      for run in settled(at: now) {
        let data = Self.encode(RunStreamEvent(serverTime: now, run: run))
        stream.send(event: "run", id: String(told), data: data)
      }
      return subscribed(stream, caller: caller, after: told)
    }
    guard let last = Int64(header), last >= 0 else {
      lock.lock()
      defer { lock.unlock() }
      return resync(stream, caller: caller)
    }
    lock.lock()
    if floor <= last && last <= told {
      defer { lock.unlock() }
      for case let event in log where (event.id ?? 0) > last {
        stream.send(event: event.name, id: String(event.id!), data: event.data)
      }
      return subscribed(stream, caller: caller, after: last)
    }
    let through = told
    lock.unlock()
    // Older than the kept events, or newer than told here: the log says (outside the lock:
    // it is a database read).
    let answer = (try? service.replay(after: last, through: through)) ?? .unknown
    lock.lock()
    defer { lock.unlock() }
    switch answer {
    case .unknown:
      return resync(stream, caller: caller)
    case .ahead:
      return subscribed(stream, caller: caller, after: last)
    case .changes(let changes):
      // Fewer than `capacity` events were told during the read: the rest are kept.
      guard through >= floor else { return resync(stream, caller: caller) }
      let now = clock.now()
      for (change, run) in changes {
        let event = Self.event(change, run: run, at: now)
        stream.send(event: event.name, id: String(change.seq), data: event.data)
      }
      for case let event in log where (event.id ?? 0) > through {
        stream.send(event: event.name, id: String(event.id!), data: event.data)
      }
      return subscribed(stream, caller: caller, after: through)
    }
  }

  /// Whether the watcher has begun, waiting up to ``beginWait`` seconds for it.
  private func waitUntilBegun() -> Bool {
    begun.lock()
    defer { begun.unlock() }
    let deadline = Date(timeIntervalSinceNow: beginWait)
    while !hasBegun {
      if !begun.wait(until: deadline) { return hasBegun }
    }
    return true
  }

  /// One `resync` event (with the newest id told) and the stream from now on. Under the lock.
  private func resync(_ stream: EventStream, caller: String) -> HTTPResponse {
    let now = clock.now()
    let data = Self.encode(ResyncEvent(serverTime: now, runs: settled(at: now)))
    stream.send(event: "resync", id: String(told), data: data)
    return subscribed(stream, caller: caller, after: told)
  }

  /// The active runs as last seen, settled at `now`. Under the lock.
  private func settled(at now: Instant) -> [Run] {
    current.map { $0.settled(at: max(now, $0.lastChange)).run }
  }

  /// Adds `stream` to those told of new events. Under the lock.
  private func subscribed(_ stream: EventStream, caller: String, after: Int64) -> HTTPResponse {
    streams.append(Subscriber(stream: stream, caller: caller, after: after))
    return .eventStream(stream)
  }

  /// The event of a logged change, its run as it is at `now`.
  static func event(_ change: RunChange, run: WatchedRun, at now: Instant) -> Event {
    switch change.kind {
    case .run:
      return Event(
        id: change.seq, name: "run", data: encode(RunStreamEvent(serverTime: now, run: run.run)))
    case .acknowledged:
      let event = AcknowledgedEvent(
        serverTime: now.description, id: change.runID,
        acknowledgedAt: (run.acknowledgedAt ?? change.at).description)
      return Event(id: change.seq, name: "acknowledged", data: encode(event))
    }
  }

  /// Sends events to every open stream and keeps those with ids for reconnecting clients;
  /// `through`: every change numbered up to it is now told (``ChangeCursor/last``);
  /// `current`: the active runs as of it (``setCurrent(_:)``), set under the same lock.
  func publish(_ events: [Event], through: Int64, current runs: [Run]? = nil) {
    lock.lock()
    defer { lock.unlock() }
    if let runs { current = runs }
    for event in events {
      if event.id != nil { log.append(event) }
      streams = streams.filter { subscriber in
        if let id = event.id, id <= subscriber.after { return true }
        return subscriber.stream.send(
          event: event.name, id: event.id.map(String.init), data: event.data)
      }
    }
    told = max(told, through)
    if log.count > capacity {
      let dropped = log.count - capacity
      // A client holding the newest dropped id still finds everything after it kept.
      floor = max(floor, log[dropped - 1].id!)
      log.removeFirst(dropped)
    }
    published.append(contentsOf: events)
    if published.count > capacity { published.removeFirst(published.count - capacity) }
  }

  /// `event: heartbeat`, `data: {"serverTime"}`, no id (docs/api.md §1.4, every 2 s): the
  /// page measures its clock offset and notices a dead connection by its absence; a stream
  /// whose write fails (client gone, buffer full) is dropped at once.
  func heartbeat() {
    let data = Self.encode(["serverTime": clock.now().description])
    lock.lock()
    streams = streams.filter { $0.stream.send(event: "heartbeat", data: data) }
    lock.unlock()
  }

  /// Ends every stream whose key is no longer valid: with `validKeys` empty (no key: loopback
  /// mode) every stream may stay; otherwise only those opened with one of them (SHA-256 hex).
  /// A revoked key's streams, and keyless ones once a key exists, close after what is queued.
  func endStreams(keptFor validKeys: Set<String>) {
    guard !validKeys.isEmpty else { return }
    lock.lock()
    streams = streams.filter {
      if validKeys.contains($0.caller) { return true }
      $0.stream.close()
      return false
    }
    lock.unlock()
  }

  /// The active runs as the watcher last saw them.
  func setCurrent(_ runs: [Run]) {
    lock.lock()
    current = runs
    lock.unlock()
  }

  /// Open streams (those not yet found closed).
  var streamCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return streams.count
  }

  func poke() { wakeup.signal() }

  /// The newest events published, those without ids too, oldest first (for tests).
  var logged: [Event] {
    lock.lock()
    defer { lock.unlock() }
    return published
  }
  private var published: [Event] = []

  static func encode(_ value: some Encodable) -> String {
    // Our event payloads hold strings, numbers and arrays only: encoding cannot fail.
    (try? JSONEncoder.sorted.encode(value)).map {
      String(decoding: JSONSafety.escaped($0), as: UTF8.self)
    } ?? "{}"
  }
}

/// `event: run`: a run after a change, with the server's clock (for the app's offset).
struct RunStreamEvent: Encodable {
  var serverTime: String
  var run: RunDocument

  init(serverTime: Instant, run: Run) {
    self.serverTime = serverTime.description
    self.run = RunDocument(run, at: max(serverTime, run.lastChange))
  }
}

/// `event: resync`: the client's `Last-Event-ID` is unknown, so here is every active run;
/// a run it knows that is not among them has ended.
struct ResyncEvent: Encodable {
  var serverTime: String
  var runs: [RunDocument]

  init(serverTime: Instant, runs: [Run]) {
    self.serverTime = serverTime.description
    self.runs = runs.map { RunDocument($0, at: max(serverTime, $0.lastChange)) }
  }
}

/// `event: fired`: a timer of a run has fired.
struct FiredEvent: Encodable {
  var serverTime: String
  var id: String
  var timer: TimerDocument
}

/// `event: acknowledged`: the cook heard the run's alarms up to `acknowledgedAt`.
struct AcknowledgedEvent: Encodable {
  var serverTime: String
  var id: String
  var acknowledgedAt: String
}
