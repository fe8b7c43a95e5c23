import CCurl
import Foundation

/// One request of the in-process HTTP client: what `curl -i -X METHOD -H … --data-binary …`
/// would send, without a `curl` process.
public struct HTTPClientRequest: Sendable {
  public var method: String
  public var url: String
  /// Header lines, `Name: value`; `Name:` removes one libcurl would send.
  public var headers: [String]
  /// Sent as is with a Content-Length; nil sends no body.
  public var body: Data?
  /// `Accept-Encoding` to ask for and decode: "" for every encoding libcurl knows (`curl
  /// --compressed`); nil asks for none and decodes nothing.
  public var acceptEncoding: String?
  /// A PEM file of the certificate authority to trust (`curl --cacert`).
  public var certificateAuthority: String?
  /// `host:port:address` entries (`curl --resolve`).
  public var resolve: [String]
  /// Seconds for the whole transfer; a stream still open then ends with what it received.
  public var timeout: Double

  /// A GET of `url`.
  public init(
    _ url: String, headers: [String] = [], acceptEncoding: String? = nil,
    certificateAuthority: String? = nil, resolve: [String] = [], timeout: Double = 20
  ) {
    self.init(
      "GET", url, headers: headers, acceptEncoding: acceptEncoding,
      certificateAuthority: certificateAuthority, resolve: resolve, timeout: timeout)
  }

  public init(
    _ method: String, _ url: String, headers: [String] = [], body: Data? = nil,
    acceptEncoding: String? = nil, certificateAuthority: String? = nil, resolve: [String] = [],
    timeout: Double = 20
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.acceptEncoding = acceptEncoding
    self.certificateAuthority = certificateAuthority
    self.resolve = resolve
    self.timeout = timeout
  }
}

/// What came back: libcurl's result code, the header lines as received (1xx blocks
/// included) and the body.
public struct HTTPClientReply: Sendable {
  /// libcurl's CURLcode: 0 when the transfer ended normally, 28 when ``HTTPClientRequest/timeout``
  /// cut it, 7 when nothing listened, 60 for an untrusted certificate (libcurl-errors(3)).
  public var code: Int32
  /// The status and header lines, each ending in CRLF, as `curl -i` prints them.
  public var head: String
  public var data: Data

  public init(code: Int32, head: String, data: Data) {
    self.code = code
    self.head = head
    self.data = data
  }

  public var body: String { String(decoding: data, as: UTF8.self) }
  /// Head and body, as `curl -i` prints them (empty when no answer came).
  public var text: String { head + body }

  /// The final response's status (after any `100 Continue`); 0 when none came.
  public var status: Int {
    guard let line = finalHead.first else { return 0 }
    let parts = line.split(separator: " ")
    return parts.count > 1 ? Int(parts[1]) ?? 0 : 0
  }

  /// The final response's headers, names lowercased, values trimmed (the last of repeats).
  public var headers: [String: String] {
    var fields: [String: String] = [:]
    for line in finalHead.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      fields[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    return fields
  }

  /// The body parsed as a JSON object (empty when it is not one).
  public var object: [String: Any] {
    (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
  }

  /// The lines of the last response block of ``head``, without the blank line.
  private var finalHead: [String] {
    let blocks = head.components(separatedBy: "\r\n\r\n").filter { !$0.isEmpty }
    return blocks.last?.components(separatedBy: "\r\n") ?? []
  }
}

/// An in-process HTTP client for the tests: libcurl's easy interface driven by its multi
/// interface (loaded with dlopen by CCurl, as the sender loads it), so a transfer can be
/// watched while it runs and cancelled by closing its connection. Proxies are never used.
public enum HTTPClient {
  /// Performs `request` on this thread and returns what came back.
  public static func perform(_ request: HTTPClientRequest) throws -> HTTPClientReply {
    let transfer = try HTTPTransfer(request, start: false)
    transfer.run()
    return transfer.reply
  }

  /// `perform` of a request built from its parts.
  public static func perform(
    _ method: String, _ url: String, headers: [String] = [], body: String? = nil
  ) throws -> HTTPClientReply {
    try perform(HTTPClientRequest(method, url, headers: headers, body: body.map { Data($0.utf8) }))
  }
}

/// One transfer running on a thread of its own (an event stream): what arrived so far is
/// readable while it runs; ``cancel()`` closes the connection without a word, as a client
/// that goes away does.
public final class HTTPTransfer: @unchecked Sendable {
  private let lock = NSLock()
  private var head = ""
  private var data = Data()
  private var code: Int32?
  private var cancelled = false
  private let multi: UnsafeMutableRawPointer
  private let handle: UnsafeMutableRawPointer
  private var lists: [UnsafeMutablePointer<curl_slist>?] = []
  private let finished = DispatchSemaphore(value: 0)

  /// Starts `request` on a new thread.
  public convenience init(_ request: HTTPClientRequest) throws {
    try self.init(request, start: true)
  }

  fileprivate init(_ request: HTTPClientRequest, start: Bool) throws {
    if let problem = cooktimer_curl_load() { throw TestSupportError(String(cString: problem)) }
    guard let multi = cooktimer_curl_multi_init() else { throw TestSupportError("no curl multi") }
    guard let handle = cooktimer_curl_easy_init() else {
      cooktimer_curl_multi_cleanup(multi)
      throw TestSupportError("no curl handle")
    }
    self.multi = multi
    self.handle = handle
    configure(request)
    cooktimer_curl_multi_add_handle(multi, handle)
    if start { Thread.detachNewThread { self.run() } }
  }

  deinit {
    cooktimer_curl_multi_remove_handle(multi, handle)
    cooktimer_curl_easy_cleanup(handle)
    cooktimer_curl_multi_cleanup(multi)
    for list in lists { cooktimer_curl_slist_free_all(list) }
  }

  /// Everything received so far; ``HTTPClientReply/code`` is -1 while the transfer runs.
  public var reply: HTTPClientReply {
    lock.lock()
    defer { lock.unlock() }
    return HTTPClientReply(code: code ?? -1, head: head, data: data)
  }

  /// The body received so far, as text.
  public var body: String { reply.body }

  /// Waits until the body is exactly `expected`; false after `timeout` seconds.
  public func waitForBody(_ expected: String, timeout: Double = 5) -> Bool {
    waitUntil(timeout: timeout) { body == expected }
  }

  /// Waits for the transfer to end by itself; what came back, or nil after `timeout` seconds.
  public func waitForEnd(timeout: Double = 5) -> HTTPClientReply? {
    finished.wait(timeout: .now() + timeout) == .success ? reply : nil
  }

  /// Closes the connection (the client goes away) and waits for the thread to stop.
  public func cancel() {
    lock.lock()
    let running = code == nil
    cancelled = true
    lock.unlock()
    if running { finished.wait() }
  }

  /// Drives the transfer until it ends or is cancelled.
  fileprivate func run() {
    var running: Int32 = 1
    var result: Int32 = 0
    while running > 0 {
      lock.lock()
      let stop = cancelled
      lock.unlock()
      if stop {
        result = Int32(CURLE_WRITE_ERROR.rawValue)
        break
      }
      guard cooktimer_curl_multi_perform(multi, &running) == CURLM_OK else {
        result = Int32(CURLE_FAILED_INIT.rawValue)
        break
      }
      if running > 0 { _ = cooktimer_curl_multi_poll(multi, 20, nil) }
    }
    var left: Int32 = 0
    while let message = cooktimer_curl_multi_info_read(multi, &left) {
      if message.pointee.msg == CURLMSG_DONE {
        result = Int32(message.pointee.data.result.rawValue)
      }
    }
    // Removing the handle closes its connection now, not when the test lets go of this.
    cooktimer_curl_multi_remove_handle(multi, handle)
    lock.lock()
    code = result
    lock.unlock()
    finished.signal()
  }

  private func configure(_ request: HTTPClientRequest) {
    let context = Unmanaged.passUnretained(self).toOpaque()
    cooktimer_curl_setopt_write_callback(handle, Self.received)
    cooktimer_curl_setopt_header_callback(handle, Self.receivedHeader)
    cooktimer_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
    cooktimer_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
    cooktimer_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
    cooktimer_curl_setopt_string(handle, CURLOPT_URL, request.url)
    cooktimer_curl_setopt_string(handle, Self.noProxy, "*")
    cooktimer_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, Int(request.timeout * 1000))
    cooktimer_curl_setopt_string(handle, Self.customRequest, request.method)
    if let body = request.body {
      cooktimer_curl_setopt_off(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
      body.withUnsafeBytes { bytes in
        // COPYPOSTFIELDS copies; never a null pointer, which libcurl reads as "no body".
        var empty: UInt8 = 0
        let pointer =
          bytes.baseAddress
          ?? withUnsafeMutableBytes(of: &empty) { UnsafeRawPointer($0.baseAddress!) }
        _ = cooktimer_curl_setopt_pointer(
          handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: pointer))
      }
    }
    if let encoding = request.acceptEncoding {
      cooktimer_curl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, encoding)
    }
    if let authority = request.certificateAuthority {
      cooktimer_curl_setopt_string(handle, CURLOPT_CAINFO, authority)
    }
    cooktimer_curl_setopt_slist(handle, CURLOPT_HTTPHEADER, list(request.headers))
    if !request.resolve.isEmpty {
      cooktimer_curl_setopt_slist(handle, Self.resolve, list(request.resolve))
    }
  }

  /// A libcurl string list of `lines`, freed with the transfer.
  private func list(_ lines: [String]) -> UnsafeMutablePointer<curl_slist>? {
    var list: UnsafeMutablePointer<curl_slist>?
    for line in lines { list = cooktimer_curl_slist_append(list, line) }
    lists.append(list)
    return list
  }

  // Options CurlDeclarations.h does not name (the sender needs none of them); values from
  // curl.h of libcurl 7.88 (Debian 12), fixed for the libcurl 4 ABI.
  private static let customRequest = CURLoption(rawValue: 10036)
  private static let noProxy = CURLoption(rawValue: 10177)
  private static let resolve = CURLoption(rawValue: 10203)

  private static let received: cooktimer_curl_data_callback = { bytes, size, count, context in
    let transfer = Unmanaged<HTTPTransfer>.fromOpaque(context!).takeUnretainedValue()
    let length = size * count
    transfer.lock.lock()
    defer { transfer.lock.unlock() }
    if transfer.cancelled { return 0 }
    if let bytes {
      bytes.withMemoryRebound(to: UInt8.self, capacity: length) {
        transfer.data.append($0, count: length)
      }
    }
    return length
  }

  private static let receivedHeader: cooktimer_curl_data_callback = { bytes, size, count, context in
    let transfer = Unmanaged<HTTPTransfer>.fromOpaque(context!).takeUnretainedValue()
    let length = size * count
    guard let bytes else { return length }
    let line = String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
    transfer.lock.lock()
    transfer.head += line
    transfer.lock.unlock()
    return length
  }
}
