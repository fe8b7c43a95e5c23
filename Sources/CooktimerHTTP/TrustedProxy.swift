import Foundation

/// An address or address range (CIDR) of a reverse proxy whose forwarded-client headers
/// are believed: `127.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`. The field's usual terms:
/// nginx's `set_real_ip_from` (ngx_http_realip_module) takes the same forms.
///
/// Addresses are compared as 16 bytes, IPv4 as its IPv4-mapped IPv6 form (RFC 4291
/// §2.5.5.2), so `127.0.0.1` also matches a peer seen as `::ffff:127.0.0.1`.
public struct TrustedProxy: Sendable, Equatable, CustomStringConvertible {
  private let network: [UInt8]
  private let prefixBits: Int
  /// The text it was made from.
  public let description: String

  /// Parses `ADDRESS` or `ADDRESS/BITS` (0...32 for IPv4, 0...128 for IPv6); nil for
  /// anything else (a name, a bad prefix).
  public init?(_ text: String) {
    let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
    guard let (bytes, isIPv4) = Self.bytes(of: String(parts[0])) else { return nil }
    var bits = isIPv4 ? 32 : 128
    if parts.count == 2 {
      guard !parts[1].isEmpty, parts[1].allSatisfy({ $0.isASCII && $0.isNumber }),
        let given = Int(parts[1]),
        (0...bits).contains(given)
      else { return nil }
      bits = given
    }
    prefixBits = bits + (isIPv4 ? 96 : 0)
    network = Self.masked(bytes, bits: prefixBits)
    description = text
  }

  /// Whether the numeric address `address` (as ``HTTPRequest/remoteAddress`` gives it) is
  /// in this range.
  public func contains(_ address: String) -> Bool {
    guard let (bytes, _) = Self.bytes(of: address) else { return false }
    return Self.masked(bytes, bits: prefixBits) == network
  }

  /// The 16 bytes of a numeric IPv4 or IPv6 address (IPv4 mapped), and whether it was
  /// written as IPv4; nil for anything else.
  static func bytes(of text: String) -> ([UInt8], Bool)? {
    var v4 = in_addr()
    var v6 = in6_addr()
    if inet_pton(AF_INET, text, &v4) == 1 {
      return (
        Array(repeating: 0, count: 10) + [0xff, 0xff] + withUnsafeBytes(of: v4) { Array($0) }, true
      )
    }
    if inet_pton(AF_INET6, text, &v6) == 1 {
      return (withUnsafeBytes(of: v6) { Array($0) }, false)
    }
    return nil
  }

  private static func masked(_ bytes: [UInt8], bits: Int) -> [UInt8] {
    bytes.enumerated().map { index, byte in
      let kept = max(0, min(8, bits - index * 8))
      return kept == 8 ? byte : byte & ~(UInt8(0xff) >> kept)
    }
  }
}

extension [TrustedProxy] {
  /// Whether `address` is one of these proxies.
  func trusts(_ address: String) -> Bool { contains { $0.contains(address) } }

  /// The client a request from `peer` came from: `peer` itself unless it is a trusted
  /// proxy; then the right-most address of `X-Forwarded-For` (the de-facto header that
  /// RFC 7239 standardised as `Forwarded`; all its fields in order, as one list) that is not
  /// itself a trusted proxy — the hop the nearest untrusted party cannot have written, as
  /// nginx's `real_ip_recursive on` takes it — else `X-Real-IP`. A hop with a port
  /// (`203.0.113.9:1234`, `[2001:db8::7]:443`, as some proxies write it) counts as its
  /// address. A trusted proxy that names its client in a way that is not an address
  /// (`unknown`, two addresses without a comma) gives ``unknownClient``: never the proxy's
  /// own loopback address, which a server without an API key lets in. One that sends neither
  /// header is the client itself (its own health check).
  func client(of peer: String, headers: HTTPHeaders) -> String {
    guard trusts(peer) else { return peer }
    let hops = headers.values(for: "X-Forwarded-For")
      .flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
      .map { $0.trimmingCharacters(in: .whitespaces) }
    var client: String?
    var unreadable = false
    for hop in hops.reversed() {
      guard let address = TrustedProxy.address(in: hop) else {
        unreadable = true
        break
      }
      client = address
      if !trusts(address) { break }
    }
    if let client, !trusts(client) { return client }
    if let real = headers["X-Real-IP"] {
      return TrustedProxy.address(in: real.trimmingCharacters(in: .whitespaces))
        ?? TrustedProxy.unknownClient
    }
    if unreadable { return TrustedProxy.unknownClient }
    return client ?? peer
  }
}

extension TrustedProxy {
  /// The client of a request whose trusted proxy could not say who it is: not loopback, not
  /// any address; one bucket for the per-address limits.
  public static let unknownClient = "unknown"

  /// The numeric address in a forwarded hop: the hop itself, or without its port
  /// (`a.b.c.d:port`, `[v6]:port`); `nil` for anything else.
  static func address(in hop: String) -> String? {
    if bytes(of: hop) != nil { return hop }
    if hop.hasPrefix("["), let close = hop.firstIndex(of: "]") {
      let inside = String(hop[hop.index(after: hop.startIndex)..<close])
      let rest = hop[hop.index(after: close)...]
      guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isNumber))
      else { return nil }
      return bytes(of: inside) != nil ? inside : nil
    }
    let parts = hop.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[1].isEmpty, parts[1].allSatisfy(\.isNumber) else {
      return nil
    }
    let host = String(parts[0])
    return bytes(of: host) != nil ? host : nil
  }
}

extension TrustedProxy {
  /// Whether the numeric `address` is this machine: 127.0.0.0/8 (also IPv4-mapped) or `::1`.
  static func isLoopback(_ address: String) -> Bool {
    guard let (bytes, _) = bytes(of: address) else { return false }
    let mapped = bytes.prefix(12) == Array(repeating: 0, count: 10) + [0xff, 0xff]
    return (mapped && bytes[12] == 127) || bytes == Array(repeating: 0, count: 15) + [1]
  }
}
