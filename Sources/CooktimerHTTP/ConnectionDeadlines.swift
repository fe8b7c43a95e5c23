import Foundation

/// Deadlines for the parts of a request a client sends: its header block (from the
/// connection's opening, or the end of its previous request) and its body. libmicrohttpd's
/// `MHD_OPTION_CONNECTION_TIMEOUT` restarts with every byte received, so a client sending a
/// byte every 5 s ("slowloris") would keep its connection for ever; this bounds the whole.
///
/// A connection past its deadline is shut down (`shutdown(2)`, both directions) from the
/// sweeping thread: libmicrohttpd's poll() then sees the end of the stream and closes the
/// connection itself, on its own thread, as for a client that left. The socket is never
/// closed here. libmicrohttpd calls the close notification before it closes a connection's
/// socket (0.9.75, `MHD_connection_close_`), and the notification and the sweep share one
/// lock, so a socket number is never shut down after it was handed to someone else.
///
/// Thread-safety: everything is behind `lock`; the pool threads and the sweeper call in
/// concurrently. Times are monotonic nanoseconds (`DispatchTime.uptimeNanoseconds`), passed
/// in so the rules can be tested without waiting.
final class ConnectionDeadlines: @unchecked Sendable {
  private struct Entry {
    let socket: Int32
    /// Nil while the server answers or an event stream runs: no client deadline then.
    var deadline: UInt64?
  }

  private let lock = NSLock()
  private var entries: [UInt: Entry] = [:]
  private let headerNanoseconds: UInt64
  private let bodyNanoseconds: UInt64
  private let shutDown: @Sendable (Int32) -> Void

  /// - Parameter shutDown: ends a socket; `shutdown(socket, SHUT_RDWR)` unless a test
  ///   watches.
  init(
    headerSeconds: Double, bodySeconds: Double,
    shutDown: @escaping @Sendable (Int32) -> Void = { _ = Glibc.shutdown($0, Int32(SHUT_RDWR)) }
  ) {
    headerNanoseconds = UInt64(headerSeconds * 1e9)
    bodyNanoseconds = UInt64(bodySeconds * 1e9)
    self.shutDown = shutDown
  }

  static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

  /// A connection was accepted: its first header block is due.
  func opened(_ connection: UInt, socket: Int32, at now: UInt64) {
    lock.lock()
    entries[connection] = Entry(socket: socket, deadline: now + headerNanoseconds)
    lock.unlock()
  }

  /// The connection is closing (before libmicrohttpd closes its socket).
  func closed(_ connection: UInt) {
    lock.lock()
    entries[connection] = nil
    lock.unlock()
  }

  /// The header block is complete: the body is due.
  func awaitingBody(_ connection: UInt, at now: UInt64) {
    setDeadline(connection, now + bodyNanoseconds)
  }

  /// The request is complete and answered (or streaming): the client owes nothing.
  func answered(_ connection: UInt) { setDeadline(connection, nil) }

  /// A request is over and the connection kept alive: the next header block is due.
  func awaitingHeaders(_ connection: UInt, at now: UInt64) {
    setDeadline(connection, now + headerNanoseconds)
  }

  /// Shuts down every connection whose deadline passed; returns how many. Each is shut down
  /// once (its deadline is cleared).
  @discardableResult
  func sweep(at now: UInt64) -> Int {
    lock.lock()
    defer { lock.unlock() }
    var count = 0
    for (key, entry) in entries {
      guard let deadline = entry.deadline, deadline <= now else { continue }
      entries[key]?.deadline = nil
      shutDown(entry.socket)
      count += 1
    }
    return count
  }

  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return entries.count
  }

  private func setDeadline(_ connection: UInt, _ deadline: UInt64?) {
    lock.lock()
    entries[connection]?.deadline = deadline
    lock.unlock()
  }
}

/// The thread that sweeps ``ConnectionDeadlines`` four times a second until stopped.
final class DeadlineSweeper: @unchecked Sendable {
  private let condition = NSCondition()
  private var stopped = false
  private var exited = false

  init(_ deadlines: ConnectionDeadlines, interval: Double = 0.25) {
    let thread = Thread { [self] in
      condition.lock()
      while !stopped {
        condition.unlock()
        deadlines.sweep(at: ConnectionDeadlines.now())
        condition.lock()
        if !stopped { _ = condition.wait(until: Date(timeIntervalSinceNow: interval)) }
      }
      exited = true
      condition.broadcast()
      condition.unlock()
    }
    thread.name = "cooktimer-http-deadlines"
    thread.start()
  }

  /// Stops the thread and waits for it to exit; later calls return at once.
  func stop() {
    condition.lock()
    stopped = true
    condition.broadcast()
    while !exited { condition.wait() }
    condition.unlock()
  }
}
