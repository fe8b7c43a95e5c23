/// Why the sender stops. A configuration error (bad key, wrong team, no topic) stops every
/// push and loses none: they stay pending (docs/delivery.md §4); the CLI exits 78.
public enum DeliveryError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The settings or APNs' answer say the sender cannot work as configured.
  case configuration(String)

  public var description: String {
    switch self {
    case .configuration(let line): return line
    }
  }
}
