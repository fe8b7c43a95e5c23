import CooktimerCore
import CooktimerDelivery
import CooktimerLineEditor
import CooktimerServer
import CooktimerService
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension CommandContext {
  /// `serve [--listen HOST:PORT] [--no-send]` (docs/api.md): prints one line with the
  /// address and whether keys are needed, serves until SIGINT or SIGTERM, then drains and
  /// exits 0. Another address than loopback with no API key refuses to start (exit 78).
  func serve(
    listen: String?, send: Bool, sendOptions: SendOptions = SendOptions(),
    tls: ServeTLSChoice = .none, proxy: ServeProxyOptions = ServeProxyOptions()
  ) throws -> Output {
    let (host, port) = try Self.listenAddress(listen ?? "127.0.0.1:8417")
    let noKey = Output(
      stderr: [
        "cooktimer: no API key exists, so serve listens only on loopback (127.0.0.1 or ::1): "
          + "create one with `cooktimer apikey create` to listen on \(host)"
      ], status: ExitStatus.configuration)
    // What refuses `serve` without the database is checked before it is made, so a refused
    // `serve` leaves nothing behind: a database not made yet has no key, and the cook's own
    // certificate files do not depend on it.
    if !Self.isLoopback(host), try session.existingService(options) == nil { return noKey }
    var certificate: ServeCertificate?
    /// Loads or makes the certificate beside `databasePath`; the refusal to show if it fails.
    func loadCertificate(databasePath: String) throws -> Output? {
      do {
        certificate = try serveCertificate(tls, databasePath: databasePath, at: session.clock.now())
        return nil
      } catch let error as KitchenCertificateError {
        return Output(
          stderr: ["cooktimer: cannot serve HTTPS: \(error)"], status: ExitStatus.configuration)
      }
    }
    if case .files = tls, let refused = try loadCertificate(databasePath: "") { return refused }
    let service = try service()
    let keysRequired = try service.keysRequired()
    if !keysRequired && !Self.isLoopback(host) { return noKey }
    let path = service.databasePath
    let (clock, zone, settings) = (session.clock, zone, service.settings)
    var configuration = APIServerConfiguration()
    configuration.host = host
    configuration.port = port
    if certificate == nil, let refused = try loadCertificate(databasePath: path) { return refused }
    configuration.http.tls = certificate?.certificate.tls
    configuration.http.trustedProxies = proxy.trustedProxies
    configuration.publicURL = proxy.publicURL
    configuration.log = { line in
      writeOut(Output.messageLine("cooktimer: \(line)") + "\n", to: STDERR_FILENO)
    }
    // A wildcard address is no place to send a tablet: name the machine's LAN address.
    if host == "0.0.0.0" || host == "::" {
      configuration.linkHost = MachineAddresses.lanAddresses().first
    }
    let health = DeliveryHealth()
    configuration.deliveryTrouble = {
      health.trouble.map { DeliveryTrouble(failingSince: $0.failingSince, reason: $0.reason) }
    }
    SignalPipe.install()
    let server = try APIServer(
      configuration: configuration,
      makeService: {
        try RunService(path: path, clock: clock, zone: zone, settings: settings)
      },
      recipes: CatalogRecipeSource(
        catalog: session.catalog(options), cache: session.recipeListCache(options)),
      deliveries: { service, _ in try service.deliveries() })
    let sender = serveSender(sendOptions, send: send, health: health)
    let address = host.contains(":") ? "[\(host)]:\(server.port)" : "\(host):\(server.port)"
    let scheme = certificate == nil ? "http" : "https"
    // With keys required a screen needs one: a pairing link trades a code for it (§2.1).
    // Not behind a proxy, where the log is read by others (ServeProxyOptions).
    let pairing =
      keysRequired && proxy.makesStartupCode ? try server.pairingLink(at: clock.now()) : nil
    if json {
      writeOut(
        encodeJSON(
          ServeLine(
            address: "\(scheme)://\(address)", keysRequired: keysRequired,
            fingerprint: certificate?.certificate.fingerprint, pairingLink: pairing?.link))
          + "\n")
    } else {
      let keys = keysRequired ? "API key required" : "no API key: loopback only"
      var lines = ["cooktimer: serving \(scheme)://\(address) (\(keys)); Ctrl-C stops"]
      if let certificate { lines.append(certificate.line) }
      if let pairing {
        lines.append(
          "cooktimer: pair a screen: open \(pairing.link) (one use, within 10 min)")
        if let why = TerminalQRCode.unavailable {
          lines.append("cooktimer: no QR code: \(why)")
        } else {
          lines += TerminalQRCode.lines(pairing.link) ?? []
        }
      }
      writeOut(lines.joined(separator: "\n") + "\n")
    }
    Self.waitForStopSignal()
    server.stop()
    sender?.finish()
    return Output()
  }

  /// `HOST:PORT`, `[V6]:PORT`, or a bare port (on 127.0.0.1).
  static func listenAddress(_ text: String) throws -> (String, UInt16) {
    let bad = CLIError.usage("--listen takes ADDRESS:PORT, e.g. 127.0.0.1:8417, not \(text)")
    if let port = UInt16(text) { return ("127.0.0.1", port) }
    guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...])
    else { throw bad }
    var host = String(text[..<colon])
    if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    guard !host.isEmpty else { throw bad }
    return (host, port)
  }

  static func isLoopback(_ host: String) -> Bool {
    host == "localhost" || host == "::1" || host.hasPrefix("127.")
  }

  /// Blocks until SIGINT or SIGTERM arrives on the signal pipe.
  private static func waitForStopSignal() {
    var fd = pollfd(fd: SignalPipe.readEnd, events: Int16(POLLIN), revents: 0)
    while true {
      _ = poll(&fd, 1, -1)
      if SignalPipe.drain().contains(where: { $0 == SIGINT || $0 == SIGTERM || $0 == SIGHUP }) {
        return
      }
    }
  }
}

/// `serve --json`'s one line at start.
private struct ServeLine: Encodable {
  var address: String
  var keysRequired: Bool
  /// The TLS certificate's SHA-256, `AB:CD:…`; absent for plain HTTP.
  var fingerprint: String?
  /// The pairing link (docs/api.md §2.1); absent when no key is required.
  var pairingLink: String?
}
