import CCurl
import Foundation

/// One libcurl easy handle of an ``APNsConnection`` and the request it carries. The answer
/// arrives piece by piece through libcurl's C callbacks (body, headers), which reach this
/// object through an unretained pointer; the connection keeps the object alive as long as
/// the handle lives. Reused request after request, so a busy sender makes its handles once.
final class CurlExchange {
  /// APNs answers carry at most a short JSON object; anything far larger is not APNs.
  static let bodyLimit = 64 * 1024

  let handle: UnsafeMutableRawPointer
  /// libcurl's own message for a failed transfer (CURLOPT_ERRORBUFFER).
  let errorBuffer: UnsafeMutablePointer<CChar>
  /// The position of the request in the batch being sent.
  var index = 0
  var body = Data()
  /// The answer's `apns-id` header (trimmed), the one header read.
  var apnsID: String?
  private var headerList: UnsafeMutablePointer<curl_slist>?

  /// A fresh handle with `configure`'s options (those of every request of the connection);
  /// nil when libcurl cannot make one.
  init?(configure: (UnsafeMutableRawPointer) -> Void) {
    guard let handle = cooktimer_curl_easy_init() else { return nil }
    self.handle = handle
    errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
    errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    let context = Unmanaged.passUnretained(self).toOpaque()
    cooktimer_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
    cooktimer_curl_setopt_write_callback(handle, Self.writeBody)
    cooktimer_curl_setopt_header_callback(handle, Self.readHeader)
    cooktimer_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
    cooktimer_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
    configure(handle)
  }

  deinit {
    cooktimer_curl_easy_cleanup(handle)
    cooktimer_curl_slist_free_all(headerList)
    errorBuffer.deallocate()
  }

  /// Sets up a POST of `body` to `url` with `headerLines` (`name: value`), forgetting the
  /// previous answer.
  func prepare(index: Int, url: String, headerLines: [String], body payload: Data) {
    self.index = index
    body = Data()
    apnsID = nil
    errorBuffer[0] = 0
    cooktimer_curl_setopt_slist(handle, CURLOPT_HTTPHEADER, nil)
    cooktimer_curl_slist_free_all(headerList)
    headerList = nil
    for line in headerLines { headerList = cooktimer_curl_slist_append(headerList, line) }
    cooktimer_curl_setopt_string(handle, CURLOPT_URL, url)
    cooktimer_curl_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList)
    cooktimer_curl_setopt_off(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(payload.count))
    payload.withUnsafeBytes { bytes in
      // COPYPOSTFIELDS copies, so the bytes need not outlive this call; never a null pointer,
      // which libcurl would read as "no body given".
      var empty: UInt8 = 0
      let pointer =
        bytes.baseAddress
        ?? withUnsafeMutableBytes(of: &empty) { UnsafeRawPointer($0.baseAddress!) }
      _ = cooktimer_curl_setopt_pointer(
        handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: pointer))
    }
  }

  /// libcurl's message for the last failed transfer, or "" when it gave none.
  var errorText: String {
    let bytes = UnsafeBufferPointer(start: errorBuffer, count: Int(CURL_ERROR_SIZE))
      .prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// CURLOPT_WRITEFUNCTION: appends body bytes; returning less than given makes libcurl fail
  /// the transfer with CURLE_WRITE_ERROR.
  static let writeBody: cooktimer_curl_data_callback = { data, size, count, context in
    let exchange = Unmanaged<CurlExchange>.fromOpaque(context!).takeUnretainedValue()
    let length = size * count
    guard exchange.body.count + length <= bodyLimit, let data else { return 0 }
    data.withMemoryRebound(to: UInt8.self, capacity: length) {
      exchange.body.append($0, count: length)
    }
    return length
  }

  /// CURLOPT_HEADERFUNCTION: called once per header line, status lines included; a new
  /// status line starts a new response (an informational 1xx may come first). Only
  /// `apns-id` is kept, and only its line becomes a string: the sender reads nothing else,
  /// and at thousands of answers a second the other lines (date, server, …) would cost more
  /// than the request.
  static let readHeader: cooktimer_curl_data_callback = { data, size, count, context in
    let exchange = Unmanaged<CurlExchange>.fromOpaque(context!).takeUnretainedValue()
    let length = size * count
    guard let data else { return length }
    let line = UnsafeRawBufferPointer(start: data, count: length)
    if line.starts(with: "HTTP/".utf8) {
      exchange.apnsID = nil
    } else if let colon = line.firstIndex(of: UInt8(ascii: ":")),
      line[..<colon].lazy.map({ $0 | 0x20 }).elementsEqual("apns-id".utf8)
    {
      let value = String(decoding: line[(colon + 1)...], as: UTF8.self)
      exchange.apnsID = value.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    return length
  }
}
