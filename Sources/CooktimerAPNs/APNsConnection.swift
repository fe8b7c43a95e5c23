import CCurl
import Foundation

/// One HTTP/2-over-TLS connection to APNs (libcurl's multi interface), kept open and reused
/// for every request, as APNs asks of providers (delivery.md §2; Apple, "Sending
/// notification requests to APNs"). Up to ``maxStreams`` requests travel side by side on it
/// as HTTP/2 streams; libcurl opens no second connection to the host. HTTP/1.1 is never
/// used: ALPN asks for h2 (`CURL_HTTP_VERSION_2TLS`), and an answer that still arrives over
/// another version is ``APNsError/notHTTP2(_:)``.
///
/// Not thread-safe by design: one libcurl multi handle, so one connection per sending thread.
public final class APNsConnection: APNsTransport {
  /// Requests in flight at once at most: APNs' SETTINGS_MAX_CONCURRENT_STREAMS is 100 at
  /// first (it may lower it; libcurl then holds the rest back until streams free up).
  public static let maxStreams = 100
  /// How long, in seconds, an idle connection is still reused (`CURLOPT_MAXAGE_CONN`).
  public static let maxIdle = 3600

  /// The server, e.g. `https://api.push.apple.com`; requests go to `{baseURL}/3/device/…`.
  public let baseURL: URL
  private let multi: UnsafeMutableRawPointer
  private let caFile: String?
  private let connectTimeout: Int
  private let requestTimeout: Int
  /// Easy handles not carrying a request, kept for the next ones.
  private var idle: [CurlExchange] = []

  /// - Parameters:
  ///   - baseURL: an `https` URL (APNs speaks only HTTP/2 over TLS).
  ///   - caFile: a PEM file of CA certificates to trust in place of the default bundle (for a
  ///     local stand-in), or nil.
  ///   - connectTimeout: the longest wait for TCP and TLS to be set up.
  ///   - requestTimeout: the longest one request may take, connecting included.
  /// - Throws: ``APNsError/settings(_:)`` for a URL that is not `https` or a CA file that does
  ///   not exist; ``APNsError/transport(_:)`` when libcurl cannot be loaded or set up.
  public init(
    baseURL: URL, caFile: String? = nil, connectTimeout: Duration = .seconds(10),
    requestTimeout: Duration = .seconds(30)
  ) throws(APNsError) {
    guard baseURL.scheme?.lowercased() == "https", baseURL.host != nil else {
      throw .settings("APNs URL \(baseURL.absoluteString) is not https://HOST[:PORT]")
    }
    if let caFile, !FileManager.default.isReadableFile(atPath: caFile) {
      throw .settings("APNs CA file \(caFile) does not exist or cannot be read")
    }
    try Self.loadLibrary()
    guard let multi = cooktimer_curl_multi_init() else {
      throw .transport("libcurl could not make a multi handle")
    }
    self.baseURL = baseURL
    self.multi = multi
    self.caFile = caFile
    self.connectTimeout = Self.milliseconds(connectTimeout)
    self.requestTimeout = Self.milliseconds(requestTimeout)
    cooktimer_curl_multi_setopt_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
    cooktimer_curl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, 1)
    cooktimer_curl_multi_setopt_long(multi, CURLMOPT_MAX_CONCURRENT_STREAMS, Self.maxStreams)
  }

  /// Loads libcurl (once per process; nothing links it, so commands that send nothing do not
  /// load it): `send` calls this before its first round, so a missing library is one line
  /// and exit 69 rather than a retry forever.
  /// - Throws: ``APNsError/transport(_:)`` naming the library when it cannot be loaded.
  public static func loadLibrary() throws(APNsError) {
    if let failure = cooktimer_curl_load() { throw .transport(String(cString: failure)) }
  }

  deinit {
    idle.removeAll()  // each easy handle is cleaned up with its exchange
    cooktimer_curl_multi_cleanup(multi)
  }

  /// POSTs each request to `{baseURL}/3/device/{token}` with `authorization: bearer {jwt}`
  /// over the open connection (opening it first if needed), up to ``maxStreams`` at once,
  /// and calls `answered` with the answers that have come (see
  /// ``APNsTransport/send(_:jwt:until:answered:)``): at once when none is left in flight,
  /// else once ``waveSize`` have come or the first of them has waited ``waveWait``. A
  /// request that gets no answer in the connection's request timeout is answered
  /// ``APNsError/transport(_:)``.
  public func send(
    _ requests: [APNsRequest], jwt: String, until stop: () -> Bool,
    answered: ([APNsAnswer]) throws -> Void
  ) rethrows {
    let base = baseURL.absoluteString.trimmingSuffix("/")
    var next = 0
    var flying: [UnsafeMutableRawPointer: CurlExchange] = [:]
    defer {
      // Only after `answered` threw: abandon what is still in flight.
      for (handle, exchange) in flying {
        cooktimer_curl_multi_remove_handle(multi, handle)
        idle.append(exchange)
      }
    }
    var wave: [APNsAnswer] = []
    var waveBegan: ContinuousClock.Instant?
    /// Starts requests while streams are free (and `stop` allows).
    func refill() {
      while flying.count < Self.maxStreams, next < requests.count, !stop() {
        let request = requests[next]
        let lines = Self.headerLines(request, jwt)
        if let failure = start(request, index: next, url: base + request.path, lines, &flying) {
          wave.append(APNsAnswer(index: next, result: .failure(failure)))
        }
        next += 1
      }
    }
    while true {
      refill()
      if !flying.isEmpty { collect(&flying, into: &wave) }
      if !wave.isEmpty && waveBegan == nil { waveBegan = .now }
      let waited = waveBegan.map { ContinuousClock.now - $0 } ?? .zero
      if !wave.isEmpty && (flying.isEmpty || wave.count >= Self.waveSize || waited >= Self.waveWait)
      {
        // The freed streams carry their next requests out before the wave is recorded (a
        // durable commit, milliseconds): the server answers them meanwhile.
        let before = flying.count
        refill()
        if flying.count > before { collect(&flying, into: &wave) }
        try answered(wave)
        (wave, waveBegan) = ([], nil)
        continue
      }
      if flying.isEmpty { return }
      // Wait for the network (or the rest of the wave's wait); libcurl wakes sooner for its
      // own timeouts.
      let wait = wave.isEmpty ? 1000 : max(1, Self.milliseconds(Self.waveWait - waited))
      var ready: Int32 = 0
      cooktimer_curl_multi_poll(multi, Int32(wait), &ready)
    }
  }

  /// A wave is handed over once this many answers have come, even with others in flight:
  /// enough to share one commit, few enough that the freed streams soon carry new requests.
  static let waveSize = maxStreams / 2
  /// The longest the first answer of a wave waits for others while requests are in flight:
  /// one durable commit for many answers costs far less than one each, and a push's answer
  /// is recorded at most this much later.
  static let waveWait = Duration.milliseconds(2)

  /// Adds one request to the connection; the error when it cannot be.
  private func start(
    _ request: APNsRequest, index: Int, url: String, _ lines: [String],
    _ flying: inout [UnsafeMutableRawPointer: CurlExchange]
  ) -> APNsError? {
    guard let exchange = takeExchange() else {
      return .transport("libcurl could not make a handle")
    }
    exchange.prepare(index: index, url: url, headerLines: lines, body: request.body)
    let added = cooktimer_curl_multi_add_handle(multi, exchange.handle)
    guard added == CURLM_OK else {
      idle.append(exchange)
      return multiFailure(added)
    }
    flying[exchange.handle] = exchange
    return nil
  }

  /// Lets libcurl move every transfer on, and takes the answers of those that finished.
  private func collect(
    _ flying: inout [UnsafeMutableRawPointer: CurlExchange], into wave: inout [APNsAnswer]
  ) {
    var running: Int32 = 0
    let performed = cooktimer_curl_multi_perform(multi, &running)
    if performed != CURLM_OK {
      for (handle, exchange) in flying {
        cooktimer_curl_multi_remove_handle(multi, handle)
        wave.append(APNsAnswer(index: exchange.index, result: .failure(multiFailure(performed))))
        idle.append(exchange)
      }
      flying = [:]
    }
    var left: Int32 = 0
    while let message = cooktimer_curl_multi_info_read(multi, &left) {
      // The message is gone once its handle is removed: read it first.
      guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle,
        let exchange = flying.removeValue(forKey: handle)
      else { continue }
      let code = message.pointee.data.result
      cooktimer_curl_multi_remove_handle(multi, handle)
      wave.append(APNsAnswer(index: exchange.index, result: answer(exchange, code)))
      idle.append(exchange)
    }
  }

  /// A handle from the idle ones, or a new one with this connection's options.
  private func takeExchange() -> CurlExchange? {
    if let exchange = idle.popLast() { return exchange }
    let (connectTimeout, requestTimeout, caFile) = (connectTimeout, requestTimeout, caFile)
    return CurlExchange { handle in
      cooktimer_curl_setopt_long(handle, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
      cooktimer_curl_setopt_long(handle, CURLOPT_POST, 1)
      // Wait for the one connection to say whether it multiplexes rather than open another.
      cooktimer_curl_setopt_long(handle, CURLOPT_PIPEWAIT, 1)
      // Timeouts without SIGALRM, which would hit whichever thread the process picks.
      cooktimer_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
      cooktimer_curl_setopt_long(handle, CURLOPT_TCP_KEEPALIVE, 1)
      // An idle connection stays reusable for up to an hour: libcurl's default drops one idle
      // for 118 s, so a timer's push after a quiet spell paid a new TCP and TLS
      // handshake before its request. APNs asks that connections stay open across
      // notifications (Apple, "Sending notification requests to APNs"); the TCP keepalive
      // above finds one that died meanwhile.
      cooktimer_curl_setopt_long(handle, CURLOPT_MAXAGE_CONN, Self.maxIdle)
      cooktimer_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, connectTimeout)
      cooktimer_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, requestTimeout)
      cooktimer_curl_setopt_string(handle, CURLOPT_USERAGENT, "cooktimer")
      // APNs answers are a short JSON object at most and bodies at most 4 KB: small buffers,
      // not libcurl's 16 KB download and 64 KB upload ones, for each of up to 100 handles.
      cooktimer_curl_setopt_long(handle, CURLOPT_BUFFERSIZE, 4096)
      cooktimer_curl_setopt_long(handle, CURLOPT_UPLOAD_BUFFERSIZE, 16384)
      if let caFile { cooktimer_curl_setopt_string(handle, CURLOPT_CAINFO, caFile) }
    }
  }

  private static func headerLines(_ request: APNsRequest, _ jwt: String) -> [String] {
    ["authorization: bearer \(jwt)", "content-type: application/json"]
      + request.headers.map { "\($0.name): \($0.value)" }
  }

  /// The finished transfer's answer, or why there is none.
  private func answer(_ exchange: CurlExchange, _ code: CURLcode) -> Result<
    APNsResponse, APNsError
  > {
    guard code == CURLE_OK else { return .failure(.transport(failure(exchange, code))) }
    var version = 0
    var status = 0
    cooktimer_curl_getinfo_long(exchange.handle, CURLINFO_HTTP_VERSION, &version)
    cooktimer_curl_getinfo_long(exchange.handle, CURLINFO_RESPONSE_CODE, &status)
    guard version == CURL_HTTP_VERSION_2_0 else {
      return .failure(
        .notHTTP2("\(origin) answered over \(Self.versionName(version)), not HTTP/2"))
    }
    return .success(
      APNsResponse(status: status, apnsID: exchange.apnsID, body: exchange.body))
  }

  private var origin: String {
    "\(baseURL.host ?? "?")\(baseURL.port.map { ":\($0)" } ?? "")"
  }

  private func failure(_ exchange: CurlExchange, _ code: CURLcode) -> String {
    let detail = exchange.errorText
    let summary = detail.isEmpty ? String(cString: cooktimer_curl_easy_strerror(code)) : detail
    let tls: Set<CURLcode> = [
      CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE,
      CURLE_SSL_CERTPROBLEM,
    ]
    return "\(origin): \(tls.contains(code) ? "TLS: " : "")\(summary)"
  }

  private func multiFailure(_ code: CURLMcode) -> APNsError {
    .transport("\(origin): \(String(cString: cooktimer_curl_multi_strerror(code)))")
  }

  private static func versionName(_ version: Int) -> String {
    switch version {
    case CURL_HTTP_VERSION_1_0: "HTTP/1.0"
    case CURL_HTTP_VERSION_1_1: "HTTP/1.1"
    case CURL_HTTP_VERSION_3: "HTTP/3"
    default: "an unknown HTTP version (\(version))"
    }
  }

  private static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
  }
}

extension String {
  fileprivate func trimmingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}
