import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A one-page HTTP server on 127.0.0.1 for `import URL`: answers every request with
/// `status` and `body`, on a background thread, until it is closed.
final class PageServer: @unchecked Sendable {
  let port: UInt16
  private let socket: Int32

  /// - Parameter headers: extra header lines (`Location: …` for a redirect).
  init(status: Int = 200, body: String, headers: [String] = []) throws {
    let listener = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(listener, pointer, length) == 0 && listen(listener, 4) == 0
          && getsockname(listener, pointer, &length) == 0
      }
    }
    guard bound else {
      close(listener)
      throw CocoaError(.fileWriteUnknown)
    }
    socket = listener
    port = UInt16(bigEndian: address.sin_port)
    let reason = [200: "OK", 301: "Moved Permanently"][status] ?? "Not Found"
    let extra = headers.map { $0 + "\r\n" }.joined()
    let response = Array(
      "HTTP/1.1 \(status) \(reason)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n\(extra)Connection: close\r\n\r\n\(body)"
        .utf8)
    Thread.detachNewThread {
      while true {
        let client = accept(listener, nil, nil)
        guard client >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        _ = read(client, &buffer, buffer.count)
        _ = response.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
        close(client)
      }
    }
  }

  var url: String { "http://127.0.0.1:\(port)/recipe" }

  deinit {
    shutdown(socket, Int32(SHUT_RDWR))
    close(socket)
  }
}
