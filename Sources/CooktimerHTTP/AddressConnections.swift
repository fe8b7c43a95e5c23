import Foundation

/// The per-address connection limit when there are trusted proxies. libmicrohttpd's own
/// (`MHD_OPTION_PER_IP_CONNECTION_LIMIT`) knows no exemption, so the server turns it off
/// and asks this at accept instead (`MHD_AcceptPolicyCallback`): a trusted proxy's address
/// carries every client behind it and is bounded only by the connection limit; any other
/// address by ``HTTPServerConfiguration/perAddressConnectionLimit``.
///
/// Connections are counted from libmicrohttpd's open notification to its close
/// notification, so a connection refused after the policy (the total limit) is never
/// counted. Pool threads accept concurrently, so a burst may pass the limit by at most the
/// number of threads before the count catches up.
final class AddressConnections: @unchecked Sendable {
  private let limit: Int
  private let trusted: [TrustedProxy]
  private let lock = NSLock()
  // Guarded by `lock`.
  private var open: [String: Int] = [:]
  private var addressOf: [UInt: String] = [:]

  init(limit: Int, trusted: [TrustedProxy]) {
    self.limit = limit
    self.trusted = trusted
  }

  /// Whether a new connection from `address` may be accepted.
  func admits(_ address: String) -> Bool {
    if limit == 0 || trusted.trusts(address) { return true }
    lock.lock()
    defer { lock.unlock() }
    return open[address, default: 0] < limit
  }

  func opened(_ connection: UInt, from address: String) {
    lock.lock()
    addressOf[connection] = address
    open[address, default: 0] += 1
    lock.unlock()
  }

  func closed(_ connection: UInt) {
    lock.lock()
    if let address = addressOf.removeValue(forKey: connection) {
      let left = open[address, default: 1] - 1
      open[address] = left > 0 ? left : nil
    }
    lock.unlock()
  }

  /// Open connections from `address`.
  func count(from address: String) -> Int {
    lock.lock()
    defer { lock.unlock() }
    return open[address, default: 0]
  }
}
