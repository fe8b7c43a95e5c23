/// Everything that can go wrong in the APNs transport. Each case carries one line that says
/// what happened and to what, never a secret (no JWT, no key bytes).
public enum APNsError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The `.p8` signing key is missing, unreadable, not PEM, encrypted, or not EC P-256.
  case key(String)
  /// libcrypto failed to sign a provider token.
  case signing(String)
  /// A setting is missing or invalid (see ``APNsSettings/problem(fileReadable:)``); the CLI
  /// exits 78 (EX_CONFIG) on it.
  case settings(String)
  /// A request that must not be sent: a bad device token, a body over 4096 bytes.
  case request(String)
  /// No answer: connection refused or lost, TLS handshake or certificate check failed,
  /// timed out. Retried with backoff (delivery.md §4).
  case transport(String)
  /// The server answered, but not over HTTP/2 (APNs refuses HTTP/1.1; delivery.md §2).
  case notHTTP2(String)

  public var description: String {
    switch self {
    case .key(let line): "APNs key: \(line)"
    case .signing(let line): "APNs token signing: \(line)"
    case .settings(let line): line
    case .request(let line): "APNs request: \(line)"
    case .transport(let line): "APNs connection: \(line)"
    case .notHTTP2(let line): "APNs connection: \(line)"
    }
  }
}
