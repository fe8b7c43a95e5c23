import CCurl
import Foundation

/// The answer libcurl hands over piece by piece during one `curl_easy_perform`: the body and
/// the headers of the final response. Reached from libcurl's C callbacks through an
/// unretained pointer that lives only as long as that call.
final class CurlExchange {
  /// APNs answers carry at most a short JSON object; anything far larger is not APNs.
  static let bodyLimit = 64 * 1024

  var body = Data()
  /// Header names lowercased; values trimmed.
  var headers: [String: String] = [:]

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
  /// status line starts a new response (an informational 1xx may come first).
  static let readHeader: cooktimer_curl_data_callback = { data, size, count, context in
    let exchange = Unmanaged<CurlExchange>.fromOpaque(context!).takeUnretainedValue()
    let length = size * count
    guard let data else { return length }
    let line = data.withMemoryRebound(to: UInt8.self, capacity: length) {
      String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
    }
    if line.hasPrefix("HTTP/") {
      exchange.headers = [:]
    } else if let colon = line.firstIndex(of: ":") {
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
      exchange.headers[name] = value
    }
    return length
  }
}
