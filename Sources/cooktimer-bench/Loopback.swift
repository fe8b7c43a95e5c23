import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Plain TCP on 127.0.0.1, by hand: one thread can then watch 50 event streams with one
/// `poll()`, and a request costs no more than its bytes (no client library in the figure).
enum Loopback {
  /// A connected socket to `127.0.0.1:port`, from `source` when given (another loopback
  /// address, `127.0.1.1`, stands for another client machine).
  static func connect(port: UInt16, from source: String? = nil) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw BenchError("socket failed") }
    if let source {
      var local = sockaddr_in()
      local.sin_family = sa_family_t(AF_INET)
      local.sin_addr.s_addr = inet_addr(source)
      let bound = withUnsafePointer(to: &local) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard bound == 0 else {
        close(fd)
        throw BenchError("cannot bind to \(source)")
      }
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let rc = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard rc == 0 else {
      close(fd)
      throw BenchError("cannot connect to 127.0.0.1:\(port)")
    }
    var one: Int32 = 1  // a small request must leave at once, not wait for Nagle
    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    return fd
  }

  /// A port nobody listens on now: the kernel's pick for port 0.
  static func freePort() throws -> UInt16 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let ok = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    guard ok else { throw BenchError("no free port") }
    return UInt16(bigEndian: address.sin_port)
  }

  static func write(_ fd: Int32, _ text: String) throws {
    let bytes = Array(text.utf8)
    var sent = 0
    while sent < bytes.count {
      let n = bytes[sent...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      guard n > 0 else { throw BenchError("write failed") }
      sent += n
    }
  }

  /// Whatever is there to read now (waiting for it first); empty at end of stream.
  static func read(_ fd: Int32) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
    return n > 0 ? Array(buffer[..<n]) : []
  }

  /// One HTTP/1.0 exchange (no chunked body to undo): the status and the body's bytes.
  static func request(
    port: UInt16, _ method: String, _ path: String, body: String? = nil
  ) throws -> (status: Int, body: [UInt8]) {
    let fd = try connect(port: port)
    defer { close(fd) }
    var head = "\(method) \(path) HTTP/1.0\r\nHost: 127.0.0.1\r\n"
    if let body {
      head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
    }
    try write(fd, head + "\r\n" + (body ?? ""))
    var answer: [UInt8] = []
    while true {
      let chunk = read(fd)
      if chunk.isEmpty { break }
      answer += chunk
    }
    let end = Array("\r\n\r\n".utf8)
    guard let split = answer.firstRange(of: end) else {
      throw BenchError("no HTTP answer to \(method) \(path)")
    }
    let statusLine = String(decoding: answer[..<split.lowerBound], as: UTF8.self)
    let status = statusLine.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return (status, Array(answer[split.upperBound...]))
  }
}
