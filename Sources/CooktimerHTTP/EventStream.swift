import CMicroHTTPD
import Foundation

/// The body of a Server-Sent Events response (WHATWG HTML, "Server-sent events"): the
/// application keeps the stream, writes events into it from any thread, and drops it when
/// ``onTermination(_:)`` fires.
///
/// Return it from a handler with ``HTTPResponse/eventStream(_:headers:)``. Events written
/// before the response goes out are buffered and sent first.
///
/// How a stream avoids holding a pool thread: when it has nothing to send, the content
/// reader suspends the connection (`MHD_suspend_connection`) and returns 0; a write resumes
/// it (`MHD_resume_connection`). A suspended connection is out of libmicrohttpd's event loop
/// entirely, so 50 quiet streams cost 50 sockets and no threads, and a pool of 4 keeps
/// serving other requests. The price: while suspended, libmicrohttpd neither times the
/// connection out nor sees the client leave; a client that went away is noticed at the next
/// write, which is what the application's periodic writes (the server's 2 s `heartbeat`
/// event, or a `: ping` comment, ``sendComment(_:)``) are for: the first or second write
/// after the client left fails and frees the stream and its slot. The
/// alternative, thread-per-connection, would cost a thread per open stream and cannot be
/// combined with a bounded pool in one daemon.
///
/// Thread-safety: all state is behind one lock. libmicrohttpd's thread for the connection
/// suspends it while holding that lock and a writer resumes it after releasing it, so a
/// resume can never come before its suspend.
public final class EventStream: @unchecked Sendable {
  private let lock = NSLock()
  private var pending = Data()
  private var bufferLimit = Int.max
  /// ``close()`` was called: send what is pending, then end the response.
  private var closing = false
  /// The client fell further behind than the buffer allows: drop the connection.
  private var overflowed = false
  /// libmicrohttpd let go of the response; nothing will be sent any more.
  private var finished = false
  private var connection: OpaquePointer?
  private var suspended = false
  private var terminationHandlers: [@Sendable () -> Void] = []
  private var detachHandler: (@Sendable (EventStream) -> Void)?

  public init() {}

  /// Queues one event: `event:` (the type a client listens for; none means `message`),
  /// `id:` (what the client sends back as `Last-Event-ID` when it reconnects) and `data:`,
  /// one line per line of `data`. Returns false, sending nothing, once the stream is closed
  /// or its client gone.
  @discardableResult
  public func send(event: String? = nil, id: String? = nil, data: String) -> Bool {
    write(EventStreamFrame.event(event, id: id, data: data))
  }

  /// Queues a comment line (`: ping`), ignored by clients. Sent every few seconds it keeps
  /// intermediaries from closing a quiet stream and reveals a client that went away.
  @discardableResult
  public func sendComment(_ text: String) -> Bool {
    write(EventStreamFrame.comment(text))
  }

  /// Ends the stream after what is already queued has been sent.
  public func close() {
    lock.lock()
    closing = true
    let wake = takeSuspendedConnection()
    lock.unlock()
    if let wake { cooktimer_mhd_resume_connection(wake) }
  }

  /// False once the stream was closed or the client went away.
  public var isOpen: Bool {
    lock.lock()
    defer { lock.unlock() }
    return !closing && !finished && !overflowed
  }

  /// Calls `handler` once, on some thread, when the server is done with the stream: the
  /// client went away, the stream was closed and flushed, or the server stopped. At once if
  /// that already happened.
  public func onTermination(_ handler: @escaping @Sendable () -> Void) {
    lock.lock()
    if !finished {
      terminationHandlers.append(handler)
      lock.unlock()
      return
    }
    lock.unlock()
    handler()
  }

  private func write(_ text: String) -> Bool {
    lock.lock()
    guard !closing, !finished, !overflowed else {
      lock.unlock()
      return false
    }
    pending.append(contentsOf: text.utf8)
    if pending.count > bufferLimit {
      overflowed = true
      pending = Data()
    }
    let wake = takeSuspendedConnection()
    lock.unlock()
    if let wake { cooktimer_mhd_resume_connection(wake) }
    return !overflowed
  }

  /// The connection to resume, if the reader suspended it. Call with the lock held.
  private func takeSuspendedConnection() -> OpaquePointer? {
    guard suspended else { return nil }
    suspended = false
    return connection
  }
}

// The side libmicrohttpd drives, on the pool thread that owns the connection.
extension EventStream {
  /// Binds the stream to the connection it is sent on; false if it already was (one stream
  /// object is one response).
  func attach(
    to connection: OpaquePointer, bufferLimit: Int,
    onDetach: @escaping @Sendable (EventStream) -> Void
  ) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard self.connection == nil, !finished else { return false }
    self.connection = connection
    self.bufferLimit = bufferLimit
    self.detachHandler = onDetach
    return true
  }

  /// The content reader: copies pending bytes, or ends the response, or suspends the
  /// connection until the next write.
  func read(into buffer: UnsafeMutableRawPointer, max: Int) -> Int {
    lock.lock()
    defer { lock.unlock() }
    if overflowed { return cooktimer_mhd_end_with_error }
    if !pending.isEmpty {
      let count = min(max, pending.count)
      pending.copyBytes(to: buffer.assumingMemoryBound(to: UInt8.self), count: count)
      pending.removeSubrange(pending.startIndex..<pending.startIndex + count)
      return count
    }
    if closing || finished { return cooktimer_mhd_end_of_stream }
    guard let connection else { return cooktimer_mhd_end_with_error }
    suspended = true
    cooktimer_mhd_suspend_connection(connection)
    return 0
  }

  /// libmicrohttpd freed the response: the stream is over, whatever the reason.
  func detach() {
    lock.lock()
    finished = true
    connection = nil
    suspended = false
    pending = Data()
    let handlers = terminationHandlers
    let onDetach = detachHandler
    terminationHandlers = []
    detachHandler = nil
    lock.unlock()
    onDetach?(self)
    for handler in handlers { handler() }
  }
}
