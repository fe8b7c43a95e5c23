import CooktimerCore
import CooktimerHTTP
import CooktimerService
import Foundation

/// `GET /v1/events` (docs/api.md §1.4): every open stream and the recent events, numbered
/// from a sequence kept in the database (``EventIDs``), so a client that reconnects with
/// `Last-Event-ID` gets what it missed (WHATWG HTML, "Server-sent events"), even across a
/// restart of `serve` when it missed nothing. A new client gets one `run` event per active
/// run, each with an id of its own. A client whose id is not known — from before a restart,
/// too far behind, from the future or another database — gets one `resync` event with every
/// active run: never a silent gap (whatwg/html issue 8297).
///
/// Thread-safety: one lock over the streams, the log and the ids. Streams are written under
/// it (a write only buffers), so every client sees the events in one order; a stream whose
/// write fails is dropped at once.
final class EventHub: @unchecked Sendable {
  struct Event {
    let id: Int64
    let name: String
    let data: String
  }

  /// An open stream and whose it is: the SHA-256 (hex) of its API key, `""` without one.
  private struct Subscriber {
    let stream: EventStream
    let caller: String
  }

  private let lock = NSLock()
  private var streams: [Subscriber] = []
  private var log: [Event] = []
  private var ids = EventIDs()
  /// The active runs as last seen, for a new client's first events.
  private var current: [Run] = []
  private let capacity: Int
  let clock: any Clock
  /// Wakes the watcher at once after a change made through the API.
  let wakeup = Wakeup()

  init(clock: any Clock, capacity: Int = 512) {
    self.clock = clock
    self.capacity = capacity
  }

  /// A new stream for `request`, with what it missed (or the current runs) queued first.
  /// - Parameter caller: ``Authorization/caller(of:)``: the stream ends when that key is
  ///   revoked (``endStreams(keptFor:)``).
  func subscribe(_ request: HTTPRequest, caller: String) -> HTTPResponse {
    let stream = EventStream()
    let header = request.headers["Last-Event-ID"]?.trimmingCharacters(in: .whitespaces)
    lock.lock()
    defer { lock.unlock() }
    if let header, !header.isEmpty, let last = Int64(header), ids.floor <= last,
      last <= ids.last
    {
      for event in log where event.id > last {
        stream.send(event: event.name, id: String(event.id), data: event.data)
      }
    } else {
      let now = clock.now()
      let runs = current.map { $0.settled(at: max(now, $0.lastChange)).run }
      if let header, !header.isEmpty {
        let data = Self.encode(ResyncEvent(serverTime: now, runs: runs))
        stream.send(event: "resync", id: ids.take().map(String.init), data: data)
      } else {
        for run in runs {
          let data = Self.encode(RunStreamEvent(serverTime: now, run: run))
          stream.send(event: "run", id: ids.take().map(String.init), data: data)
        }
      }
    }
    streams.append(Subscriber(stream: stream, caller: caller))
    return .eventStream(stream)
  }

  /// Sends events to every open stream and keeps them for reconnecting clients; each gets
  /// the next id. - Returns: false, sending nothing, when fewer ids are reserved than
  /// events given (the watcher reserves more and tries again).
  func publish(_ events: [(name: String, data: String)]) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard ids.remaining >= events.count else { return false }
    for (name, data) in events {
      let event = Event(id: ids.take()!, name: name, data: data)
      log.append(event)
      streams = streams.filter { $0.stream.send(event: name, id: String(event.id), data: data) }
    }
    if log.count > capacity {
      let dropped = log.count - capacity
      // A client holding the newest dropped id still finds everything after it in the log.
      ids.floor = max(ids.floor, log[dropped - 1].id)
      log.removeFirst(dropped)
    }
    return true
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

  /// True when the watcher should reserve more ids (``EventIDs/wantsMore``).
  var wantsIDs: Bool {
    lock.lock()
    defer { lock.unlock() }
    return ids.wantsMore
  }

  /// The highest id this process may issue now (0 before the first reservation).
  var reservedTop: Int64 {
    lock.lock()
    defer { lock.unlock() }
    return ids.top
  }

  /// A reservation the watcher stored (``EventIDs/reserved(stored:newTop:)``).
  func reserved(stored: Int64, newTop: Int64) {
    lock.lock()
    ids.reserved(stored: stored, newTop: newTop)
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

  /// The events kept for `Last-Event-ID`, oldest first (for tests).
  var logged: [Event] {
    lock.lock()
    defer { lock.unlock() }
    return log
  }

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
