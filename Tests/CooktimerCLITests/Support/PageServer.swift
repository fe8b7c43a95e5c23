import CooktimerTestSupport
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
    let (listener, port) = try LoopbackSocket.listener()
    socket = listener
    self.port = port
    let reason = [200: "OK", 301: "Moved Permanently"][status] ?? "Not Found"
    let extra = headers.map { $0 + "\r\n" }.joined()
    let response = Array(
      "HTTP/1.1 \(status) \(reason)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n\(extra)Connection: close\r\n\r\n\(body)"
        .utf8)
    Thread.detachNewThread {
      while true {
        let client = accept(listener, nil, nil)
        // Closed here, by the one thread that uses it, once `deinit` shut it down: closed
        // there, its number could be taken by another test's new listener while this thread
        // was still serving — and its next `accept` would answer that test's requests with
        // this page (an import test once fetched a page "with no JSON-LD" so).
        guard client >= 0 else {
          close(listener)
          return
        }
        var buffer = [UInt8](repeating: 0, count: 4096)
        _ = read(client, &buffer, buffer.count)
        _ = response.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
        close(client)
      }
    }
  }

  var url: String { "http://127.0.0.1:\(port)/recipe" }

  deinit {
    // Ends the thread's `accept`; the thread closes the descriptor.
    shutdown(socket, Int32(SHUT_RDWR))
  }
}
