import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A bare TCP connection to a server on 127.0.0.1 that sends exactly the bytes it is given,
/// for clients no HTTP library would be: half a request, a body that never ends, one byte at
/// a time. The one copy of the suite's socket code (also: a free port, a listener).
public final class LoopbackSocket: @unchecked Sendable {
  private var descriptor: Int32

  /// Connects to 127.0.0.1:`port` from `source` (another loopback address such as
  /// `127.0.0.2` stands for another client) or from the system's choice; nil when refused.
  public init?(port: UInt16, from source: String? = nil) {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0,
      source.map({ Self.withAddress($0, port: 0) { bind(descriptor, $0, $1) } == 0 }) ?? true,
      Self.withAddress("127.0.0.1", port: port, { connect(descriptor, $0, $1) }) == 0
    else {
      if descriptor >= 0 { Glibc.close(descriptor) }
      return nil
    }
  }

  /// Connects to `base` (`http://127.0.0.1:PORT`); throws when nothing listens there.
  public convenience init(_ base: String) throws {
    guard let port = base.split(separator: ":").last.flatMap({ UInt16($0) }) else {
      throw TestSupportError("no port in \(base)")
    }
    guard let connected = LoopbackSocket(port: port) else {
      throw TestSupportError("\(base) refused the connection")
    }
    self.init(taking: connected)
  }

  private init(taking other: LoopbackSocket) {
    descriptor = other.descriptor
    other.descriptor = -1
  }

  deinit { close() }

  /// Closes the connection now (later calls do nothing).
  public func close() {
    if descriptor >= 0 { Glibc.close(descriptor) }
    descriptor = -1
  }

  /// Sends all of `bytes`, waiting at most `timeout` seconds for room; false once the server
  /// has closed or reset the connection (or the time ran out).
  @discardableResult
  public func send(_ bytes: [UInt8], timeout: Double = 5) -> Bool {
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
  public func send(_ text: String) -> Bool { send(Array(text.utf8)) }

  /// The bytes the server sent, as far as the reads below took them.
  public private(set) var received = Data()

  /// Waits until the server closes the connection (end of file or reset); false if it is
  /// still open after `timeout` seconds. What the server sends first goes to ``received``.
  public func waitForClose(timeout: Double) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let left = deadline.timeIntervalSinceNow
      if left <= 0 { return false }
      var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, Int32(left * 1000) + 1) > 0 else { continue }
      let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
      if count == 0 { return true }
      if count < 0 {
        if errno == EAGAIN || errno == EINTR { continue }
        return true  // reset
      }
      received.append(contentsOf: buffer[..<count])
    }
  }

  /// ``waitForClose(timeout:)`` under the name the CLI's slow-client tests read best.
  public func isClosed(within timeout: Double) -> Bool { waitForClose(timeout: timeout) }

  /// Everything the server sent until it closed the connection, or until `timeout` seconds
  /// passed (`closed` then false); ``received`` is emptied.
  public func readUntilClose(timeout: Double) -> (text: String, closed: Bool) {
    let closed = waitForClose(timeout: timeout)
    defer { received = Data() }
    return (String(decoding: received, as: UTF8.self), closed)
  }

  /// True when nothing listens on `port` any more (connect is refused).
  public static func isRefused(port: UInt16) -> Bool {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { Glibc.close(descriptor) }
    let connected = withAddress("127.0.0.1", port: port) { connect(descriptor, $0, $1) }
    return connected != 0 && errno == ECONNREFUSED
  }

  /// A listening socket on 127.0.0.1 at a port the system chose: its descriptor (the
  /// caller closes it) and port.
  public static func listener(backlog: Int32 = 4) throws -> (descriptor: Int32, port: UInt16) {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw TestSupportError("socket: errno \(errno)") }
    guard let port = boundPort(descriptor), listen(descriptor, backlog) == 0 else {
      Glibc.close(descriptor)
      throw TestSupportError("no loopback port to listen on: errno \(errno)")
    }
    return (descriptor, port)
  }

  /// A loopback port nobody listens on: bound, then closed.
  public static func closedPort() throws -> UInt16 {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { Glibc.close(descriptor) }
    guard let port = boundPort(descriptor) else { throw TestSupportError("no free port") }
    return port
  }

  /// Binds `descriptor` to 127.0.0.1 at a port the system chooses; that port.
  private static func boundPort(_ descriptor: Int32) -> UInt16? {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
      }
    }
    return bound ? UInt16(bigEndian: address.sin_port) : nil
  }

  /// Calls `body` with `host`:`port` as an IPv4 `sockaddr` and its length.
  private static func withAddress(
    _ host: String, port: UInt16, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32
  ) -> Int32 {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr(host)
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        body($0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
  }
}
