/// The one error the HTTP module throws.
public enum HTTPServerError: Error, Equatable, CustomStringConvertible {
  /// The host is neither a numeric IPv4 or IPv6 address nor `localhost`.
  case invalidHost(String)
  /// A ``HTTPServerConfiguration`` value is out of range; the text names it.
  case invalidConfiguration(String)
  /// libmicrohttpd could not listen on the address; `reason` is its own message.
  case cannotBind(host: String, port: UInt16, reason: String)
  /// libmicrohttpd is not installed (it is loaded when a server first starts); the text
  /// names the library and why it did not load.
  case libraryMissing(String)

  public var description: String {
    switch self {
    case .invalidHost(let host):
      return "cannot listen on \(host): not an IPv4 or IPv6 address"
    case .invalidConfiguration(let text):
      return "invalid HTTP server configuration: \(text)"
    case .cannotBind(let host, let port, let reason):
      let address = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
      // libmicrohttpd says "Failed to bind to port 0: Address already in use", naming the
      // port it was handed in the sockaddr's place: keep only the system's reason.
      var said = reason
      if reason.hasPrefix("Failed to bind"), let colon = reason.range(of: ": ") {
        said = String(reason[colon.upperBound...])
      }
      return "cannot listen on \(address): \(said)"
    case .libraryMissing(let text):
      return "cannot serve HTTP: \(text)"
    }
  }
}
