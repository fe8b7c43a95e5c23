import CZlib
import CooktimerHTTP
import Foundation

/// `Content-Encoding: gzip` (RFC 9110 §8.4.1.3, RFC 1952) for the bodies that never change
/// while the server runs — the kitchen page, the OpenAPI document: compressed once, when the
/// server starts, with zlib at its best level, then sent to every client that accepts it.
enum Gzip {
  /// `data` as one gzip member; `nil` only if zlib refuses (out of memory).
  static func compress(_ data: Data) -> Data? {
    var stream = z_stream()
    guard cooktimer_deflate_init_gzip(&stream, Z_BEST_COMPRESSION) == Z_OK else { return nil }
    defer { deflateEnd(&stream) }
    var output = Data(count: Int(deflateBound(&stream, uLong(data.count))) + 32)
    let status = data.withUnsafeBytes { (input: UnsafeRawBufferPointer) -> Int32 in
      output.withUnsafeMutableBytes { (out: UnsafeMutableRawBufferPointer) -> Int32 in
        stream.next_in = UnsafeMutablePointer(
          mutating: input.bindMemory(to: Bytef.self).baseAddress)
        stream.avail_in = uInt(input.count)
        stream.next_out = out.bindMemory(to: Bytef.self).baseAddress
        stream.avail_out = uInt(out.count)
        // The output buffer holds deflateBound's worst case, so one call finishes.
        return deflate(&stream, Z_FINISH)
      }
    }
    guard status == Z_STREAM_END else { return nil }
    output.count = Int(stream.total_out)
    return output
  }

  /// Whether `Accept-Encoding` allows gzip (RFC 9110 §12.5.3): `gzip` or `x-gzip` or `*`
  /// with a weight above 0, unless `gzip` itself is listed with `q=0`. No header: no.
  static func accepted(by request: HTTPRequest) -> Bool {
    guard let header = request.headers["Accept-Encoding"] else { return false }
    var gzip: Double?
    var any: Double?
    for member in header.split(separator: ",") {
      let parts = member.split(separator: ";").map {
        $0.trimmingCharacters(in: .whitespaces).lowercased()
      }
      guard let coding = parts.first, !coding.isEmpty else { continue }
      var weight = 1.0
      for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
        weight = Double(parameter.dropFirst(2)) ?? 0
      }
      switch coding {
      case "gzip", "x-gzip": gzip = max(gzip ?? 0, weight)
      case "*": any = weight
      default: break
      }
    }
    return (gzip ?? any ?? 0) > 0
  }
}

/// A body that never changes, kept as is and gzipped, answered with the representation the
/// request accepts, `Vary: Accept-Encoding` on both, and an entity tag per representation
/// (RFC 9110 §8.8.3: a strong tag names one representation's bytes) so `If-None-Match` gets 304.
struct StaticBody: Sendable {
  let plain: Data
  let gzipped: Data?
  let headers: HTTPHeaders
  let etag: String?

  /// - Parameter etag: a strong tag (`"…"`) for `plain`; the gzipped body's adds `-gz`.
  init(_ plain: Data, headers: HTTPHeaders, etag: String? = nil) {
    self.plain = plain
    let packed = Gzip.compress(plain)
    // Not worth a header where it saves nothing (a tiny body).
    gzipped = packed.flatMap { $0.count < plain.count ? $0 : nil }
    self.headers = headers
    self.etag = etag
  }

  func answer(_ request: HTTPRequest) -> HTTPResponse {
    var headers = headers
    let useGzip = gzipped != nil && Gzip.accepted(by: request)
    if gzipped != nil { headers["Vary"] = "Accept-Encoding" }
    if useGzip { headers["Content-Encoding"] = "gzip" }
    if let etag {
      let tag = useGzip ? String(etag.dropLast()) + "-gz\"" : etag
      headers["ETag"] = tag
      let asked = request.headers["If-None-Match"]?.split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      if asked?.contains(tag) == true || asked?.contains("*") == true {
        headers["Content-Type"] = nil
        headers["Content-Encoding"] = nil
        return HTTPResponse(status: 304, headers: headers)
      }
    }
    return HTTPResponse(status: .ok, headers: headers, body: useGzip ? gzipped! : plain)
  }
}
