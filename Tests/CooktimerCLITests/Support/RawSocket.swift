import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A TCP connection to 127.0.0.1 that sends exactly the bytes it is given, for clients no
/// HTTP library would be: half a request, a body that never ends.
final class RawSocket {
  private var descriptor: Int32

  /// Connects to `base` (`http://127.0.0.1:PORT`).
  init(_ base: String) throws {
    guard let port = base.split(separator: ":").last.flatMap({ UInt16($0) }) else {
      throw POSIXError(.EINVAL)
    }
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard descriptor >= 0, connected == 0 else {
      if descriptor >= 0 { Glibc.close(descriptor) }
      throw POSIXError(.ECONNREFUSED)
    }
  }

  deinit { close() }

  /// Closes the connection now (later calls do nothing).
  func close() {
    if descriptor >= 0 { Glibc.close(descriptor) }
    descriptor = -1
  }

  /// Sends all of `bytes`, waiting at most `timeout` seconds for room; false once the
  /// server has closed or reset the connection (or the time ran out).
  @discardableResult
  func send(_ bytes: [UInt8], timeout: Double = 5) -> Bool {
    var sent = 0
    let deadline = Date(timeIntervalSinceNow: timeout)
    while sent < bytes.count {
      var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
      let left = deadline.timeIntervalSinceNow
      guard left > 0, poll(&entry, 1, Int32(left * 1000) + 1) > 0 else { return false }
      if entry.revents & Int16(POLLERR | POLLHUP) != 0 { return false }
      let count = bytes[sent...].withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
      }
      if count < 0 && (errno == EAGAIN || errno == EINTR) { continue }
      guard count > 0 else { return false }
      sent += count
    }
    return true
  }

  @discardableResult
  func send(_ text: String) -> Bool { send(Array(text.utf8)) }

  /// Whether the server has ended the connection (end of file or reset), waiting up to
  /// `timeout` seconds; what it sent first is kept in ``received``.
  func isClosed(within timeout: Double) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let left = deadline.timeIntervalSinceNow
      guard poll(&entry, 1, max(0, Int32(left * 1000))) > 0 else { return false }
      let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
      if count == 0 { return true }
      if count < 0 {
        if errno == EAGAIN || errno == EINTR { continue }
        return true  // reset
      }
      received.append(contentsOf: buffer[..<count])
    }
  }

  /// The bytes the server sent, as far as ``isClosed(within:)`` read them.
  private(set) var received = Data()
}
