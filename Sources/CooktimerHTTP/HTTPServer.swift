import CMicroHTTPD
import Foundation

/// An HTTP/1.1 server on GNU libmicrohttpd: keep-alive, a bounded thread pool, limits on time,
/// connections and body size, Server-Sent Events, and a draining stop.
///
/// Threading: the daemon runs `threadPoolSize` threads, each with its own poll() loop; each
/// connection belongs to one of them. `handler` runs on those threads, concurrently for
/// different connections, and its answer is queued when it returns: a slow handler holds one
/// thread and no more. Event streams hold none (see ``EventStream``). The members of this
/// class may be called from any thread.
///
/// poll() rather than epoll: libmicrohttpd 0.9.75's edge-triggered epoll can miss a client
/// that closes right after a partial body (no new edge comes) and keep it until the timeout;
/// level-triggered poll sees the end of file at once. At the tens of connections this service
/// has, poll's cost per wake-up is nothing.
///
/// Releasing the last reference stops the server as ``stop()`` does.
public final class HTTPServer: Sendable {
  /// The port actually listened on (the one the system chose when `port` was 0).
  public let port: UInt16
  public let host: String
  private let daemon: Daemon
  private let sweeper: DeadlineSweeper
  let context: ServerContext

  /// Starts listening at once on `host` (numeric IPv4 such as `127.0.0.1`, IPv6 such as
  /// `::1`, or `localhost`) and `port` (0 for any free one), and calls `handler` once per
  /// complete request.
  /// - Throws: ``HTTPServerError/libraryMissing(_:)`` when libmicrohttpd cannot be loaded,
  ///   ``HTTPServerError/cannotBind(host:port:reason:)`` when it cannot listen, and the
  ///   configuration's and host's errors.
  public init(
    host: String, port: UInt16, configuration: HTTPServerConfiguration = HTTPServerConfiguration(),
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) throws(HTTPServerError) {
    try configuration.validate()
    OpenFileLimit.raise(toFit: configuration.connectionLimit)
    if let failure = cooktimer_mhd_load() { throw .libraryMissing(String(cString: failure)) }
    let address = try SocketAddress(host: host, port: port)
    let context = ServerContext(configuration: configuration, handler: handler)
    let retained = Unmanaged.passRetained(context)
    var flags = MHD_USE_POLL_INTERNAL_THREAD.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
    flags |= MHD_USE_ERROR_LOG.rawValue
    if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
    // The PEM texts stay allocated while the daemon runs (libmicrohttpd keeps the pointers).
    let tls = configuration.tls.map { (strdup($0.privateKeyPEM), strdup($0.certificatePEM)) }
    if tls != nil { flags |= MHD_USE_TLS.rawValue }
    // With trusted proxies the per-address limit is ours (``AddressConnections``), which
    // exempts them; libmicrohttpd's would cap a proxy's every client together.
    let ownsAddressLimit = context.addresses != nil
    let started = address.withSockaddr { sockaddr in
      cooktimer_mhd_start_daemon(
        flags, sockaddr, UInt32(configuration.threadPoolSize),
        UInt32(configuration.connectionTimeoutSeconds), UInt32(configuration.connectionLimit),
        ownsAddressLimit ? 0 : UInt32(configuration.perAddressConnectionLimit),
        configuration.connectionMemoryBytes, daemonAccess, daemonCompleted, daemonURILog,
        daemonNotifyConnection, daemonLog, ownsAddressLimit ? daemonAcceptPolicy : nil,
        retained.toOpaque(), tls?.0, tls?.1)
    }
    guard let started else {
      free(tls?.0)
      free(tls?.1)
      let reason = context.lastLogMessage.trimmingCharacters(in: .whitespacesAndNewlines)
      retained.release()
      throw .cannotBind(
        host: host, port: port, reason: reason.isEmpty ? "libmicrohttpd did not start" : reason)
    }
    self.sweeper = DeadlineSweeper(context.deadlines)
    self.daemon = Daemon(pointer: started, context: retained, tls: tls.map { [$0.0, $0.1] } ?? [])
    self.context = context
    self.host = host
    self.port = cooktimer_mhd_bound_port(started)
  }

  deinit { stop() }

  /// Open event streams (those a handler returned whose client is still there).
  public var openEventStreams: Int { context.openStreamCount }

  /// Stops the server: no new connections are accepted, open event streams are ended,
  /// requests in flight may finish (for up to `drainTimeoutSeconds`), then every
  /// connection is closed. Answers sent meanwhile carry `Connection: close`. Returns when
  /// the daemon's threads have exited; later calls do nothing.
  public func stop() {
    guard let pointer = daemon.take() else { return }
    // Closing the listening socket right away makes new connects fail instead of waiting
    // in a backlog nobody reads.
    let listener = cooktimer_mhd_quiesce_daemon(pointer)
    if listener >= 0 { close(listener) }
    for stream in context.beginDrain() { stream.close() }
    _ = context.waitUntilIdle(timeout: context.configuration.drainTimeoutSeconds)
    cooktimer_mhd_stop_daemon(pointer)
    sweeper.stop()
    for text in daemon.tls { free(text) }
    daemon.context.release()
  }
}

/// The daemon handle, taken exactly once by whoever stops it first.
private final class Daemon: @unchecked Sendable {
  // Guarded by `lock`; `context` is immutable.
  private var pointer: OpaquePointer?
  private let lock = NSLock()
  let context: Unmanaged<ServerContext>
  /// The TLS key and certificate handed to the daemon (`strdup`), freed once it stopped.
  let tls: [UnsafeMutablePointer<CChar>?]

  init(
    pointer: OpaquePointer, context: Unmanaged<ServerContext>, tls: [UnsafeMutablePointer<CChar>?]
  ) {
    self.pointer = pointer
    self.context = context
    self.tls = tls
  }

  func take() -> OpaquePointer? {
    lock.lock()
    defer { lock.unlock() }
    let taken = pointer
    pointer = nil
    return taken
  }
}
