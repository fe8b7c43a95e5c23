/// The limits libmicrohttpd enforces for ``HTTPServer``. Every value has a default fit for a
/// kitchen service on a home network.
public struct HTTPServerConfiguration: Sendable {
  /// Threads that poll sockets and run the handler (`MHD_OPTION_THREAD_POOL_SIZE`). A slow
  /// handler holds one of them; open event streams hold none.
  public var threadPoolSize: Int = 4
  /// Seconds a connection may go without any progress before it is closed
  /// (`MHD_OPTION_CONNECTION_TIMEOUT`): a slow or stalled body, an idle keep-alive, a client
  /// that stopped reading. Whole seconds, at least 1.
  public var connectionTimeoutSeconds: Int = 10
  /// Open connections at most, event streams included (`MHD_OPTION_CONNECTION_LIMIT`); more
  /// are refused at accept. libmicrohttpd splits it evenly between the pool's threads.
  public var connectionLimit: Int = 512
  /// Open connections per client address at most; 0 for no limit
  /// (`MHD_OPTION_PER_IP_CONNECTION_LIMIT`).
  public var perAddressConnectionLimit: Int = 0
  /// Largest request body in bytes; a longer one is answered 413 without calling the
  /// handler.
  public var maximumBodyBytes: Int = 64 * 1024
  /// Seconds ``HTTPServer/stop()`` waits for requests in flight before closing them.
  public var drainTimeoutSeconds: Double = 5
  /// Bytes an event stream may hold for a client that does not read; past that the stream
  /// is closed (the client is too slow to follow).
  public var eventStreamBufferBytes: Int = 1 << 20
  /// Serve HTTPS with this certificate and key; `nil` (the default): plain HTTP.
  public var tls: HTTPServerTLS?
  /// Receives libmicrohttpd's own messages (refused connections, API misuse), one a call,
  /// on its threads.
  public var log: (@Sendable (String) -> Void)?

  public init() {}

  func validate() throws(HTTPServerError) {
    func check(_ ok: Bool, _ text: String) throws(HTTPServerError) {
      if !ok { throw .invalidConfiguration(text) }
    }
    try check((1...256).contains(threadPoolSize), "threadPoolSize must be 1...256")
    try check(connectionTimeoutSeconds >= 1, "connectionTimeoutSeconds must be at least 1")
    try check(connectionLimit >= 1, "connectionLimit must be at least 1")
    try check(perAddressConnectionLimit >= 0, "perAddressConnectionLimit must not be negative")
    try check(maximumBodyBytes >= 0, "maximumBodyBytes must not be negative")
    try check(drainTimeoutSeconds >= 0, "drainTimeoutSeconds must not be negative")
    try check(eventStreamBufferBytes >= 1, "eventStreamBufferBytes must be at least 1")
  }
}
