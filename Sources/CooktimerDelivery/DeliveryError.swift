/// Why the sender stops. A configuration error (bad key, wrong team, no topic) stops every
/// push and loses none: they stay pending (docs/delivery.md §4); the CLI exits 78 (77 for
/// a signing key others may read).
public enum DeliveryError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The settings or APNs' answer say the sender cannot work as configured.
  case configuration(String)
  /// The APNs signing key at `path` may be read by others (`mode`, e.g. `0o644`): refused,
  /// the way OpenSSH refuses an unprotected private key; the CLI exits 77.
  case unprotectedKey(path: String, mode: Int)

  public var description: String {
    switch self {
    case .configuration(let line): return line
    case .unprotectedKey(let path, let mode):
      let octal = String(mode, radix: 8)
      return "the APNs signing key \(path) may be read by others (mode "
        + String(repeating: "0", count: max(0, 4 - octal.count)) + octal
        + "): make it yours alone with `chmod 600 \(path)`"
    }
  }
}
