import CCurl
import Foundation

/// One HTTP/2-over-TLS connection to APNs (libcurl), kept open and reused for every request,
/// as APNs asks of providers (delivery.md §2; Apple, "Sending notification requests to
/// APNs"). HTTP/1.1 is never used: ALPN asks for h2 (`CURL_HTTP_VERSION_2TLS`), and an
/// answer that still arrives over another version throws ``APNsError/notHTTP2(_:)``.
///
/// Not thread-safe by design: one libcurl easy handle, so one connection per sending thread.
public final class APNsConnection: APNsTransport {
  /// The server, e.g. `https://api.push.apple.com`; requests go to `{baseURL}/3/device/…`.
  public let baseURL: URL
  private let handle: UnsafeMutableRawPointer
  private let errorBuffer: UnsafeMutablePointer<CChar>

  /// - Parameters:
  ///   - baseURL: an `https` URL (APNs speaks only HTTP/2 over TLS).
  ///   - caFile: a PEM file of CA certificates to trust in place of the default bundle (for a
  ///     local stand-in), or nil.
  ///   - connectTimeout: the longest wait for TCP and TLS to be set up.
  ///   - requestTimeout: the longest a whole request may take, connecting included.
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
    guard let handle = cooktimer_curl_easy_init() else {
      throw .transport("libcurl could not make a handle")
    }
    self.baseURL = baseURL
    self.handle = handle
    errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
    errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    cooktimer_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
    cooktimer_curl_setopt_long(handle, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
    cooktimer_curl_setopt_long(handle, CURLOPT_POST, 1)
    // Timeouts without SIGALRM, which would hit whichever thread the process picks.
    cooktimer_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
    cooktimer_curl_setopt_long(handle, CURLOPT_TCP_KEEPALIVE, 1)
    cooktimer_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(connectTimeout))
    cooktimer_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, Self.milliseconds(requestTimeout))
    cooktimer_curl_setopt_string(handle, CURLOPT_USERAGENT, "cooktimer")
    if let caFile { cooktimer_curl_setopt_string(handle, CURLOPT_CAINFO, caFile) }
    cooktimer_curl_setopt_write_callback(handle, CurlExchange.writeBody)
    cooktimer_curl_setopt_header_callback(handle, CurlExchange.readHeader)
  }

  /// Loads libcurl (once per process; nothing links it, so commands that send nothing do not
  /// load it): `send` calls this before its first round, so a missing library is one line
  /// and exit 69 rather than a retry forever.
  /// - Throws: ``APNsError/transport(_:)`` naming the library when it cannot be loaded.
  public static func loadLibrary() throws(APNsError) {
    if let failure = cooktimer_curl_load() { throw .transport(String(cString: failure)) }
  }

  deinit {
    cooktimer_curl_easy_cleanup(handle)
    errorBuffer.deallocate()
  }

  /// POSTs `request` to `{baseURL}/3/device/{token}` with `authorization: bearer {jwt}` over
  /// the open connection (opening it first if needed) and returns the answer, whatever its
  /// status.
  /// - Throws: ``APNsError/transport(_:)`` when no answer came (refused, TLS or certificate
  ///   failure, timeout, connection lost); ``APNsError/notHTTP2(_:)`` when it came over
  ///   another HTTP version.
  public func send(_ request: APNsRequest, jwt: String) throws(APNsError) -> APNsResponse {
    let url = baseURL.absoluteString.trimmingSuffix("/") + request.path
    var lines = ["authorization: bearer \(jwt)", "content-type: application/json"]
    lines += request.headers.map { "\($0.name): \($0.value)" }
    var list: UnsafeMutablePointer<curl_slist>?
    for line in lines { list = cooktimer_curl_slist_append(list, line) }
    defer {
      cooktimer_curl_setopt_slist(handle, CURLOPT_HTTPHEADER, nil)
      cooktimer_curl_slist_free_all(list)
    }
    let exchange = CurlExchange()
    let context = Unmanaged.passUnretained(exchange).toOpaque()
    cooktimer_curl_setopt_string(handle, CURLOPT_URL, url)
    cooktimer_curl_setopt_slist(handle, CURLOPT_HTTPHEADER, list)
    cooktimer_curl_setopt_off(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(request.body.count))
    request.body.withUnsafeBytes { bytes in
      // COPYPOSTFIELDS copies, so the bytes need not outlive this call; never a null pointer,
      // which libcurl would read as "no body given".
      var empty: UInt8 = 0
      let pointer =
        bytes.baseAddress
        ?? withUnsafeMutableBytes(of: &empty) { UnsafeRawPointer($0.baseAddress!) }
      _ = cooktimer_curl_setopt_pointer(
        handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: pointer))
    }
    cooktimer_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
    cooktimer_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
    errorBuffer[0] = 0
    let code = withExtendedLifetime(exchange) { cooktimer_curl_easy_perform(handle) }
    guard code == CURLE_OK else { throw .transport(failure(code)) }
    var version = 0
    var status = 0
    cooktimer_curl_getinfo_long(handle, CURLINFO_HTTP_VERSION, &version)
    cooktimer_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
    guard version == CURL_HTTP_VERSION_2_0 else {
      throw .notHTTP2("\(origin) answered over \(Self.versionName(version)), not HTTP/2")
    }
    return APNsResponse(status: status, apnsID: exchange.headers["apns-id"], body: exchange.body)
  }

  private var origin: String {
    "\(baseURL.host ?? "?")\(baseURL.port.map { ":\($0)" } ?? "")"
  }

  private func failure(_ code: CURLcode) -> String {
    let detail = String(cString: errorBuffer)
    let summary = detail.isEmpty ? String(cString: cooktimer_curl_easy_strerror(code)) : detail
    let tls: Set<CURLcode> = [
      CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE,
      CURLE_SSL_CERTPROBLEM,
    ]
    return "\(origin): \(tls.contains(code) ? "TLS: " : "")\(summary)"
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
