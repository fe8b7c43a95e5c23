import CMicroHTTPD
import Foundation

/// A numeric IPv4 or IPv6 address and port in the `sockaddr` form libmicrohttpd binds to.
struct SocketAddress {
  private enum Storage {
    case v4(sockaddr_in)
    case v6(sockaddr_in6)
  }
  private let storage: Storage

  var isIPv6: Bool {
    if case .v6 = storage { return true }
    return false
  }

  /// `host` is dotted IPv4, IPv6 (brackets allowed) or `localhost` (meaning 127.0.0.1, so
  /// the loopback rule of the service does not depend on the resolver).
  init(host: String, port: UInt16) throws(HTTPServerError) {
    var name = host == "localhost" ? "127.0.0.1" : host
    if name.hasPrefix("[") && name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
    var v4 = sockaddr_in()
    var v6 = sockaddr_in6()
    if inet_pton(AF_INET, name, &v4.sin_addr) == 1 {
      v4.sin_family = sa_family_t(AF_INET)
      v4.sin_port = port.bigEndian
      storage = .v4(v4)
    } else if inet_pton(AF_INET6, name, &v6.sin6_addr) == 1 {
      v6.sin6_family = sa_family_t(AF_INET6)
      v6.sin6_port = port.bigEndian
      storage = .v6(v6)
    } else {
      throw .invalidHost(host)
    }
  }

  func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>) -> R) -> R {
    switch storage {
    case .v4(var address):
      return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body)
      }
    case .v6(var address):
      return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body)
      }
    }
  }

  /// The numeric form of a peer address and whether it is this machine.
  static func describe(_ address: UnsafePointer<sockaddr>?) -> (text: String, isLoopback: Bool) {
    guard let address else { return ("", false) }
    var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
    switch Int32(address.pointee.sa_family) {
    case AF_INET:
      var v4 = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in.self)
      inet_ntop(AF_INET, &v4.sin_addr, &text, socklen_t(text.count))
      let firstOctet = withUnsafeBytes(of: v4.sin_addr) { $0[0] }
      return (string(text), firstOctet == 127)
    case AF_INET6:
      var v6 = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in6.self)
      inet_ntop(AF_INET6, &v6.sin6_addr, &text, socklen_t(text.count))
      let bytes = withUnsafeBytes(of: v6.sin6_addr) { Array($0) }
      let loopback = bytes == Array(repeating: 0, count: 15) + [1]
      let mapped = bytes.prefix(12) == Array(repeating: 0, count: 10) + [0xff, 0xff]
      return (string(text), loopback || (mapped && bytes[12] == 127))
    default:
      return ("", false)
    }
  }

  private static func string(_ text: [CChar]) -> String {
    String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
