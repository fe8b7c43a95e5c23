import Foundation

/// What libmicrohttpd's callbacks share: the handler, the limits, the requests in flight and
/// the open event streams. Passed to libmicrohttpd as an `Unmanaged` pointer that
/// ``HTTPServer`` retains until the daemon is stopped.
///
/// Thread-safety: the pool threads call in concurrently; the mutable state is behind one
/// `NSCondition`, which is also what ``waitUntilIdle(timeout:)`` waits on. The handler is
/// `@Sendable` and called on pool threads without that lock.
final class ServerContext: @unchecked Sendable {
  let handler: @Sendable (HTTPRequest) -> HTTPResponse
  let configuration: HTTPServerConfiguration
  private let condition = NSCondition()
  private var inFlight = 0
  private var draining = false
  private var streams: [ObjectIdentifier: (stream: EventStream, client: String)] = [:]
  private var streamsPerClient: [String: Int] = [:]
  let deadlines: ConnectionDeadlines
  /// The per-address connection count, when there are trusted proxies (nil: libmicrohttpd
  /// limits per address itself).
  let addresses: AddressConnections?
  private var lastMessage = ""
  private var requestStates = 0

  init(
    configuration: HTTPServerConfiguration,
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) {
    self.configuration = configuration
    self.handler = handler
    self.deadlines = ConnectionDeadlines(
      headerSeconds: configuration.requestHeaderTimeoutSeconds,
      bodySeconds: configuration.requestBodyTimeoutSeconds)
    self.addresses =
      configuration.trustedProxies.isEmpty
      ? nil
      : AddressConnections(
        limit: configuration.perAddressConnectionLimit, trusted: configuration.trustedProxies)
  }

  /// A ``RequestState`` was made for a new request, or freed in its completion callback;
  /// the count shows that none is leaked.
  func requestStateMade() {
    condition.lock()
    requestStates += 1
    condition.unlock()
  }

  func requestStateFreed() {
    condition.lock()
    requestStates -= 1
    condition.unlock()
  }

  var liveRequestStates: Int {
    condition.lock()
    defer { condition.unlock() }
    return requestStates
  }

  /// A request's headers arrived; it counts as in flight until its completion callback.
  func requestBegan() {
    condition.lock()
    inFlight += 1
    condition.unlock()
  }

  func requestEnded() {
    condition.lock()
    inFlight -= 1
    if inFlight == 0 { condition.broadcast() }
    condition.unlock()
  }

  /// True once ``beginDrain()`` ran: answers then carry `Connection: close`.
  var isDraining: Bool {
    condition.lock()
    defer { condition.unlock() }
    return draining
  }

  /// Keeps `stream` so that stopping can end it, counted against `client` (see
  /// ``StreamClient``) and the total. Returns the answer to send instead when either is at
  /// its limit (429 for the client's, 503 for the server's, both with `Retry-After`), else
  /// nil. While the server stops, the stream is closed at once and nil returned.
  func admit(_ stream: EventStream, client: String) -> HTTPResponse? {
    let limits = configuration
    condition.lock()
    if draining {
      condition.unlock()
      stream.close()
      return nil
    }
    var refusal: HTTPResponse?
    if streams.count >= limits.eventStreamLimit {
      refusal = .error(
        .serviceUnavailable,
        "the server has \(limits.eventStreamLimit) event streams open, its most; try again later")
    } else if streamsPerClient[client, default: 0] >= limits.eventStreamsPerClient {
      refusal = .error(
        .tooManyRequests,
        "this client has \(limits.eventStreamsPerClient) event streams open, its most; "
          + "close one or try again later")
    } else {
      streams[ObjectIdentifier(stream)] = (stream, client)
      streamsPerClient[client, default: 0] += 1
    }
    condition.unlock()
    refusal?.headers["Retry-After"] = String(limits.eventStreamRetryAfterSeconds)
    return refusal
  }

  func unregister(_ stream: EventStream) {
    condition.lock()
    if let client = streams.removeValue(forKey: ObjectIdentifier(stream))?.client {
      let left = streamsPerClient[client, default: 1] - 1
      streamsPerClient[client] = left > 0 ? left : nil
    }
    condition.unlock()
  }

  var openStreamCount: Int {
    condition.lock()
    defer { condition.unlock() }
    return streams.count
  }

  /// Marks the server as stopping and hands back the open streams for closing. Registration
  /// and this share the lock, so no stream slips past both.
  func beginDrain() -> [EventStream] {
    condition.lock()
    defer { condition.unlock() }
    draining = true
    return streams.values.map(\.stream)
  }

  /// Waits until no request is in flight or `timeout` seconds passed; true if idle.
  func waitUntilIdle(timeout: Double) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    condition.lock()
    defer { condition.unlock() }
    while inFlight > 0 {
      if !condition.wait(until: deadline) { return inFlight == 0 }
    }
    return true
  }

  /// One message from libmicrohttpd; the last is kept to explain a failed start.
  func log(_ message: String) {
    condition.lock()
    lastMessage = message
    condition.unlock()
    configuration.log?(message)
  }

  var lastLogMessage: String {
    condition.lock()
    defer { condition.unlock() }
    return lastMessage
  }
}

/// One request's state between libmicrohttpd's calls: made by the URI log callback, kept in
/// `*req_cls` and released in the completion callback.
///
/// Not locked: libmicrohttpd hands a connection to one pool thread at a time, so only that
/// thread touches it.
final class RequestState {
  /// The request target as sent (path and query, still percent-encoded).
  let target: String
  var headersSeen = false
  var counted = false
  var body = Data()
  /// The header fields, read once the header block is complete.
  var fields: [HTTPHeaders.Field] = []
  var bodyTooLarge = false
  var discardedBytes = 0

  init(target: String) { self.target = target }
}

/// Whom an event stream counts against: the request's `Authorization` credential (one API
/// key) when it has one, else its address. Only requests the application accepted reach a
/// stream, so a credential here is a valid one.
enum StreamClient {
  static func of(_ request: HTTPRequest) -> String {
    if let credential = request.headers["Authorization"] { return "credential " + credential }
    return "address " + request.remoteAddress
  }
}
