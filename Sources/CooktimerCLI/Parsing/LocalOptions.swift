import CooktimerActivity
import CooktimerCore

/// Command-specific options, which each command consumes; leftovers are usage errors.
struct LocalOptions {
  var autoAdvance = false
  var dismissal: Dismissal?
  var priority: Int?
  var start: Instant?
  var markSent: [Int64] = []
  var limit: Int?
  var after: Int64?
  /// The options of `token`, `send` (docs/delivery.md).
  var delivery = DeliveryOptions()
  var help = false
  /// `--version`: the same as the `version` command.
  var version = false
  /// `serve` and `apikey` (Serve/CommandContext+Serve.swift).
  var listen: String?
  var noSend = false
  /// `serve --trusted-proxy` (repeatable), `--public-url` (Serve/ServeProxyOptions.swift).
  var proxy = ServeProxyOptions()
  /// `serve --tls`, `--tls-cert FILE`, `--tls-key FILE` (Serve/ServeCertificate.swift).
  var tls = false
  var tlsCertificate: String?
  var tlsKey: String?
  var name: String?
  /// `migrate --to URL` (Running/MigrateCommand.swift).
  var to: String?
  /// `import --force`, `start --prose-timers`.
  var force = false
  var proseTimers = false
  /// `strings --locale LANG`.
  var locale: String?
  /// `contract --api`, `contract --attributes-type NAME`.
  var api = false
  var attributesType: String?
  private var used: Set<String> = []

  mutating func take<T>(_ key: KeyPath<LocalOptions, T>, _ name: String) -> T {
    used.insert(name)
    return self[keyPath: key]
  }

  func expectUnused(for command: String?) throws {
    let given: [(String, Bool)] =
      [
        ("--auto-advance", autoAdvance), ("--dismissal", dismissal != nil),
        ("--priority", priority != nil), ("--start", start != nil),
        ("--mark-sent", !markSent.isEmpty), ("--limit", limit != nil), ("--after", after != nil),
        ("--listen", listen != nil), ("--no-send", noSend), ("--name", name != nil),
        ("--force", force), ("--prose-timers", proseTimers), ("--tls", tls),
        ("--tls-cert", tlsCertificate != nil), ("--tls-key", tlsKey != nil), ("--to", to != nil),
        ("--locale", locale != nil), ("--api", api), ("--attributes-type", attributesType != nil),
        ("--trusted-proxy", !proxy.trustedProxies.isEmpty),
        ("--public-url", proxy.publicURL != nil),
      ] + delivery.given.map { ($0, true) }
    for (name, isSet) in given where isSet && !used.contains(name) {
      let target = command.map { "`\($0)`" } ?? "this command"
      throw CLIError.usage("\(name) does not apply to \(target)")
    }
  }
}
