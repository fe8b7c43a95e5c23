import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// How tablets on the network can name this machine: for the kitchen certificate's names and
/// the pairing link (docs/api.md §2.1, §2.2).
enum MachineAddresses {
  /// The host name (`gethostname(2)`), and its mDNS form (`kitchen.local`, how phones and
  /// tablets on a home network reach a computer by name) when it has no dot.
  static func hostNames() -> [String] {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return [] }
    let name = Self.text(buffer).lowercased()
    guard !name.isEmpty, name != "localhost" else { return [] }
    return name.contains(".") ? [name] : [name, name + ".local"]
  }

  /// The machine's LAN addresses (`getifaddrs(3)`), IPv4 first: every interface that is up,
  /// without loopback and IPv6 link-local addresses (a browser cannot use those in a URL
  /// without a zone).
  static func lanAddresses() -> [String] {
    var first: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&first) == 0 else { return [] }
    defer { freeifaddrs(first) }
    var v4: [String] = []
    var v6: [String] = []
    var entry = first
    while let current = entry {
      defer { entry = current.pointee.ifa_next }
      let flags = Int32(current.pointee.ifa_flags)
      guard flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0,
        let address = current.pointee.ifa_addr
      else { continue }
      var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
      switch Int32(address.pointee.sa_family) {
      case AF_INET:
        var v4Address = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
          $0.pointee.sin_addr
        }
        guard inet_ntop(AF_INET, &v4Address, &text, socklen_t(text.count)) != nil else {
          continue
        }
        v4.append(Self.text(text))
      case AF_INET6:
        var v6Address = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
          $0.pointee.sin6_addr
        }
        guard inet_ntop(AF_INET6, &v6Address, &text, socklen_t(text.count)) != nil else {
          continue
        }
        let shown = Self.text(text)
        if !shown.lowercased().hasPrefix("fe80") { v6.append(shown) }
      default: continue
      }
    }
    var seen = Set<String>()
    return (v4 + v6).filter { seen.insert($0).inserted }
  }

  /// A NUL-terminated C buffer's text (UTF-8).
  private static func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
