import Foundation

/// A bare TCP connection to the server, for clients no HTTP library would imitate: one that
/// sends half a request and then nothing.
final class RawConnection {
  private let descriptor: Int32

  /// Connects to 127.0.0.1:`port` from `source` (another loopback address such as
  /// `127.0.0.2` stands for another client) or from the system's choice.
  init?(port: UInt16, from source: String? = nil) {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0, source.map({ Self.bind(descriptor, to: $0) == 0 }) ?? true,
      Self.connect(descriptor, port: port) == 0
    else {
      if descriptor >= 0 { close(descriptor) }
      return nil
    }
  }

  deinit { close(descriptor) }

  func send(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes {
      Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
    }
  }

  /// Waits until the server closes the connection (end of file or reset); false if it is
  /// still open after `timeout` seconds. Anything the server sends first is read and dropped.
  func waitForClose(timeout: Double) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let left = deadline.timeIntervalSinceNow
      if left <= 0 { return false }
      var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, Int32(left * 1000) + 1) > 0 else { continue }
      if recv(descriptor, &buffer, buffer.count, 0) <= 0 { return true }
    }
  }

  /// Everything the server sends until it closes the connection, or until `timeout`
  /// seconds passed (`closed` then false).
  func readUntilClose(timeout: Double) -> (text: String, closed: Bool) {
    let deadline = Date(timeIntervalSinceNow: timeout)
    var received = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let left = deadline.timeIntervalSinceNow
      if left <= 0 { return (String(decoding: received, as: UTF8.self), false) }
      var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, Int32(left * 1000) + 1) > 0 else { continue }
      let count = recv(descriptor, &buffer, buffer.count, 0)
      if count <= 0 { return (String(decoding: received, as: UTF8.self), true) }
      received += buffer.prefix(count)
    }
  }

  /// True when nothing listens on `port` any more (connect is refused).
  static func isRefused(port: UInt16) -> Bool {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    return connect(descriptor, port: port) != 0 && errno == ECONNREFUSED
  }

  private static func bind(_ descriptor: Int32, to source: String) -> Int32 {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr(source)
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
  }

  private static func connect(_ descriptor: Int32, port: UInt16) -> Int32 {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
  }
}
