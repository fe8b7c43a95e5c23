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
  /// Seconds from a connection's opening (or the end of its previous request) until the
  /// request's header block is complete, however steadily the bytes trickle in; past it the
  /// connection is closed. libmicrohttpd's own timeout restarts with every byte, so a client
  /// sending one byte every 5 s would otherwise hold its slot for ever ("slowloris").
  public var requestHeaderTimeoutSeconds: Double = 10
  /// Seconds from the end of the header block until the whole body has arrived (64 KiB at
  /// 2 KiB/s fits); past it the connection is closed.
  public var requestBodyTimeoutSeconds: Double = 30
  /// Open connections at most, event streams included (`MHD_OPTION_CONNECTION_LIMIT`); more
  /// are refused at accept. libmicrohttpd splits it evenly between the pool's threads. The
  /// server raises its soft open-file limit to fit it when the hard limit allows.
  public var connectionLimit: Int = 1024
  /// Open connections per client address at most; 0 for no limit
  /// (`MHD_OPTION_PER_IP_CONNECTION_LIMIT`), more are refused at accept. One address cannot
  /// take every slot. A trusted proxy's address is exempt (it carries many clients; only
  /// ``connectionLimit`` bounds it).
  public var perAddressConnectionLimit: Int = 128
  /// Reverse proxies whose `X-Forwarded-For` / `X-Real-IP` name the client: a request from
  /// one of them counts as that client's for the per-address bounds and
  /// ``HTTPRequest/isLoopback``, and its connections are exempt from
  /// ``perAddressConnectionLimit``. Headers from any other peer are ignored. Empty (the
  /// default): every request is its peer's.
  public var trustedProxies: [TrustedProxy] = []
  /// Open event streams at most, whoever holds them; past it a stream is answered 503 with
  /// `Retry-After`. Below ``connectionLimit``, so that streams always leave room for
  /// changes and `/healthz`.
  public var eventStreamLimit: Int = 256
  /// Open event streams per client at most (the same `Authorization` credential, that is one
  /// API key; without one, the same address); past it 429 with `Retry-After`.
  public var eventStreamsPerClient: Int = 32
  /// The `Retry-After` seconds of a refused event stream.
  public var eventStreamRetryAfterSeconds: Int = 5
  /// Largest request body in bytes; a longer one is answered 413 without calling the
  /// handler.
  public var maximumBodyBytes: Int = 64 * 1024
  /// Longest request target (path and query) in bytes; a longer one is answered 414.
  public var maximumTargetBytes: Int = 8 * 1024
  /// Largest header block in bytes (each field's name, value and 4 bytes for `: ` and CRLF);
  /// a larger one is answered 431.
  public var maximumHeaderBytes: Int = 16 * 1024
  /// Each connection's memory in libmicrohttpd (`MHD_OPTION_CONNECTION_MEMORY_LIMIT`), which
  /// holds the request line and header block while they are read. It must exceed the two
  /// limits above with room to spare: what does not fit in it is answered by libmicrohttpd
  /// with its own HTML page, so ours (JSON) must come first.
  public var connectionMemoryBytes: Int = 128 * 1024
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
    // A day at most: the deadlines are kept in nanoseconds of a UInt64.
    try check(
      requestHeaderTimeoutSeconds > 0 && requestHeaderTimeoutSeconds <= 86_400,
      "requestHeaderTimeoutSeconds must be more than 0 and at most 86400")
    try check(
      requestBodyTimeoutSeconds > 0 && requestBodyTimeoutSeconds <= 86_400,
      "requestBodyTimeoutSeconds must be more than 0 and at most 86400")
    try check(
      (1..<connectionLimit).contains(eventStreamLimit),
      "eventStreamLimit must be 1...connectionLimit - 1")
    try check(eventStreamsPerClient >= 1, "eventStreamsPerClient must be at least 1")
    try check(
      eventStreamRetryAfterSeconds >= 0, "eventStreamRetryAfterSeconds must not be negative")
    try check(maximumBodyBytes >= 0, "maximumBodyBytes must not be negative")
    try check(maximumTargetBytes >= 1, "maximumTargetBytes must be at least 1")
    try check(maximumHeaderBytes >= 1, "maximumHeaderBytes must be at least 1")
    try check(
      connectionMemoryBytes >= 2 * (maximumTargetBytes + maximumHeaderBytes),
      "connectionMemoryBytes must be at least twice maximumTargetBytes + maximumHeaderBytes")
    try check(drainTimeoutSeconds >= 0, "drainTimeoutSeconds must not be negative")
    try check(eventStreamBufferBytes >= 1, "eventStreamBufferBytes must be at least 1")
  }
}
