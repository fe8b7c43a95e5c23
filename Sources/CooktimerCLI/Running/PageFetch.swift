import CCurl
import Foundation

/// `import URL`'s one GET, with libcurl's easy interface: redirects followed (http and https
/// only, at most 10), the whole request at most 30 s, the page at most ``sizeLimit``.
/// libcurl is loaded here, on first use, so no other command pays for it (nothing links
/// FoundationNetworking either).
enum PageFetch {
  /// The largest page read, in bytes: recipe pages are a few hundred KB; a larger answer is
  /// not a recipe page.
  static let sizeLimit = 32 * 1024 * 1024

  /// The body of a 2xx answer to `GET url` (after redirects).
  /// - Throws: `.unavailable` (69) when libcurl cannot be loaded; `.io` (74) when no answer
  ///   came (`cannot fetch URL: REASON`), the answer is not 2xx (`cannot fetch URL: HTTP 404`)
  ///   or the page is over ``sizeLimit``.
  static func get(_ url: String) throws(CLIError) -> Data {
    try page(url).body
  }

  /// ``get(_:)`` with the answer's `Content-Type` header (its charset decodes the page).
  static func page(_ url: String) throws(CLIError) -> (body: Data, contentType: String?) {
    if let failure = cooktimer_curl_load() {
      throw .unavailable("cannot fetch \(url): \(String(cString: failure))")
    }
    guard let handle = cooktimer_curl_easy_init() else {
      throw .io("cannot fetch \(url): libcurl could not make a handle")
    }
    defer { cooktimer_curl_easy_cleanup(handle) }
    var errorText = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE))
    let accept = cooktimer_curl_slist_append(
      nil, "Accept: text/html,application/ld+json")
    defer { cooktimer_curl_slist_free_all(accept) }
    let page = Page()
    let context = Unmanaged.passUnretained(page).toOpaque()
    let code = withExtendedLifetime(page) {
      errorText.withUnsafeMutableBufferPointer { buffer in
        cooktimer_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, buffer.baseAddress)
        cooktimer_curl_setopt_string(handle, CURLOPT_URL, url)
        cooktimer_curl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        cooktimer_curl_setopt_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        cooktimer_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 1)
        cooktimer_curl_setopt_long(handle, CURLOPT_MAXREDIRS, 10)
        cooktimer_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, 30_000)
        // Timeouts without SIGALRM, which would hit whichever thread the process picks.
        cooktimer_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        cooktimer_curl_setopt_off(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(sizeLimit))
        // "": every encoding this libcurl can decode (gzip, br, zstd), as browsers ask.
        cooktimer_curl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "")
        cooktimer_curl_setopt_string(handle, CURLOPT_USERAGENT, "cooktimer")
        cooktimer_curl_setopt_slist(handle, CURLOPT_HTTPHEADER, accept)
        cooktimer_curl_setopt_write_callback(handle, Page.append)
        cooktimer_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
        let code = cooktimer_curl_easy_perform(handle)
        cooktimer_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, nil)
        return code
      }
    }
    if page.tooLarge || code == CURLE_FILESIZE_EXCEEDED {
      throw .io("cannot fetch \(url): the page is over \(sizeLimit / 1024 / 1024) MiB")
    }
    guard code == CURLE_OK else {
      let bytes = errorText.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
      let detail = String(decoding: bytes, as: UTF8.self)
      let reason = detail.isEmpty ? String(cString: cooktimer_curl_easy_strerror(code)) : detail
      throw .io("cannot fetch \(url): \(reason)")
    }
    var status = 0
    cooktimer_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
    guard (200..<300).contains(status) else { throw .io("cannot fetch \(url): HTTP \(status)") }
    var type: UnsafeMutableRawPointer?
    cooktimer_curl_getinfo_pointer(handle, CURLINFO_CONTENT_TYPE, &type)
    let contentType = type.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
    return (page.body, contentType)
  }

  /// The body as libcurl hands it over, reached from its C callback through an unretained
  /// pointer that lives only as long as `curl_easy_perform`.
  private final class Page {
    var body = Data()
    var tooLarge = false

    /// CURLOPT_WRITEFUNCTION: returning less than given fails the transfer.
    static let append: cooktimer_curl_data_callback = { data, size, count, context in
      let page = Unmanaged<Page>.fromOpaque(context!).takeUnretainedValue()
      let length = size * count
      guard let data else { return 0 }
      guard page.body.count + length <= sizeLimit else {
        page.tooLarge = true
        return 0
      }
      data.withMemoryRebound(to: UInt8.self, capacity: length) {
        page.body.append($0, count: length)
      }
      return length
    }
  }
}
