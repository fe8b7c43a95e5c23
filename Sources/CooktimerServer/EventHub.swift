import CooktimerCore
import CooktimerHTTP
import CooktimerService
import Foundation

/// `GET /v1/events` (docs/api.md §1): every open stream and the recent events, numbered, so
/// a client that reconnects with `Last-Event-ID` gets what it missed (WHATWG HTML,
/// "Server-sent events"). A client whose id is not among the recent ones — new, from before
/// a restart, or too far behind — gets a `run` event per active run instead: the state,
/// not the history.
///
/// Thread-safety: one lock over the streams and the log. Streams are written under it (a
/// write only buffers), so every client sees the events in one order; closed streams are
/// dropped at the next write rather than from their termination callback, which runs on
/// libmicrohttpd's threads.
final class EventHub: @unchecked Sendable {
  struct Event {
    let id: Int
    let name: String
    let data: String
  }

  private let lock = NSLock()
  private var streams: [EventStream] = []
  private var log: [Event] = []
  private var lastID = 0
  /// The active runs as last seen, for a new client's first events.
  private var current: [Run] = []
  private let capacity: Int
  private let clock: any Clock
  /// Wakes the watcher at once after a change made through the API.
  let wakeup = Wakeup()

  init(clock: any Clock, capacity: Int = 512) {
    self.clock = clock
    self.capacity = capacity
  }

  /// A new stream for `request`, with what it missed (or the current runs) queued first.
  func subscribe(_ request: HTTPRequest) -> HTTPResponse {
    let stream = EventStream()
    let last = request.headers["Last-Event-ID"].flatMap {
      Int($0.trimmingCharacters(in: .whitespaces))
    }
    lock.lock()
    let oldest = log.first?.id ?? lastID + 1
    if let last, last >= oldest - 1, last <= lastID {
      for event in log where event.id > last {
        stream.send(event: event.name, id: String(event.id), data: event.data)
      }
    } else {
      let now = clock.now()
      for run in current {
        let settled = run.settled(at: max(now, run.lastChange)).run
        stream.send(
          event: "run", id: String(lastID),
          data: Self.encode(RunEvent(serverTime: now, run: settled)))
      }
    }
    streams.append(stream)
    lock.unlock()
    return .eventStream(stream)
  }

  /// Sends an event to every open stream and keeps it for reconnecting clients.
  func publish(_ name: String, _ payload: some Encodable) {
    let data = Self.encode(payload)
    lock.lock()
    lastID += 1
    let event = Event(id: lastID, name: name, data: data)
    log.append(event)
    if log.count > capacity { log.removeFirst(log.count - capacity) }
    streams = streams.filter { $0.send(event: name, id: String(event.id), data: data) }
    lock.unlock()
  }

  /// `: ping` to every stream (docs/api.md §1, every 15 s): keeps proxies from closing a
  /// quiet stream and shows which clients went away.
  func ping() {
    lock.lock()
    streams = streams.filter { $0.sendComment("ping") }
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

  static func encode(_ value: some Encodable) -> String {
    // Our event payloads hold strings, numbers and arrays only: encoding cannot fail.
    (try? JSONEncoder.sorted.encode(value)).map {
      String(decoding: JSONSafety.escaped($0), as: UTF8.self)
    } ?? "{}"
  }
}

/// `event: run`: a run after a change, with the server's clock (for the app's offset).
struct RunEvent: Encodable {
  var serverTime: String
  var run: RunDocument

  init(serverTime: Instant, run: Run) {
    self.serverTime = serverTime.description
    self.run = RunDocument(run, at: max(serverTime, run.lastChange))
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
