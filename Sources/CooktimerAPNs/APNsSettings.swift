import Foundation

/// Where and as whom to send: each setting from its command-line option or else its
/// environment variable (option wins; an empty value counts as unset). Nothing is read from
/// the process: the caller passes the environment.
///
/// Source: delivery.md §2 ("Settings").
public struct APNsSettings: Hashable, Sendable {
  /// Apple's production host.
  public static let productionURL = URL(string: "https://api.push.apple.com")!
  /// Apple's development host, for tokens of development builds (`--sandbox`).
  public static let sandboxURL = URL(string: "https://api.sandbox.push.apple.com")!

  /// The options given on the command line; nil where none was.
  public struct Options: Hashable, Sendable {
    public var keyFile: String?
    public var keyID: String?
    public var teamID: String?
    public var topic: String?
    public var url: String?
    public var caFile: String?

    public init(
      keyFile: String? = nil, keyID: String? = nil, teamID: String? = nil,
      topic: String? = nil, url: String? = nil, caFile: String? = nil
    ) {
      self.keyFile = keyFile
      self.keyID = keyID
      self.teamID = teamID
      self.topic = topic
      self.url = url
      self.caFile = caFile
    }
  }

  /// `--apns-key` / `COOKTIMER_APNS_KEY`: the `.p8` file.
  public var keyFile: String?
  /// `--apns-key-id` / `COOKTIMER_APNS_KEY_ID`: the key's 10-character id (JWT `kid`).
  public var keyID: String?
  /// `--apns-team-id` / `COOKTIMER_APNS_TEAM_ID`: the developer team (JWT `iss`).
  public var teamID: String?
  /// `--topic` / `COOKTIMER_TOPIC`: the app's bundle id.
  public var topic: String?
  /// `--apns-url` / `COOKTIMER_APNS_URL`: one server for production and sandbox tokens alike.
  public var url: String?
  /// `--apns-ca` / `COOKTIMER_APNS_CA`: an extra CA (PEM) to trust.
  public var caFile: String?

  public init(options: Options = Options(), environment: [String: String]) {
    func pick(_ option: String?, _ variable: String) -> String? {
      if let option, !option.isEmpty { return option }
      if let value = environment[variable], !value.isEmpty { return value }
      return nil
    }
    keyFile = pick(options.keyFile, "COOKTIMER_APNS_KEY")
    keyID = pick(options.keyID, "COOKTIMER_APNS_KEY_ID")
    teamID = pick(options.teamID, "COOKTIMER_APNS_TEAM_ID")
    topic = pick(options.topic, "COOKTIMER_TOPIC")
    url = pick(options.url, "COOKTIMER_APNS_URL")
    caFile = pick(options.caFile, "COOKTIMER_APNS_CA")
  }

  /// The `apns-topic` header: the bundle id with `.push-type.liveactivity` appended unless
  /// it is there already (live-activity.md §3); nil without a topic.
  public var apnsTopic: String? {
    guard let topic else { return nil }
    let suffix = ".push-type.liveactivity"
    return topic.hasSuffix(suffix) ? topic : topic + suffix
  }

  /// The first thing that keeps the sender from starting, as one line naming the option and
  /// the variable, or nil when all is there. Checks presence, that the key and CA files can
  /// be read (`fileReadable`, FileManager's by default) and that the URL is https; whether
  /// the key is a valid P-256 key is ``APNsSigningKey``'s to say.
  public func problem(
    fileReadable: (String) -> Bool = { FileManager.default.isReadableFile(atPath: $0) }
  ) -> String? {
    guard let keyFile else {
      return "no APNs key: give --apns-key FILE.p8 or set COOKTIMER_APNS_KEY"
    }
    guard fileReadable(keyFile) else {
      return
        "APNs key \(keyFile) does not exist or cannot be read (--apns-key / COOKTIMER_APNS_KEY)"
    }
    guard keyID != nil else {
      return "no APNs key id: give --apns-key-id KEY_ID or set COOKTIMER_APNS_KEY_ID"
    }
    guard teamID != nil else {
      return "no APNs team id: give --apns-team-id TEAM_ID or set COOKTIMER_APNS_TEAM_ID"
    }
    guard topic != nil else {
      return "no topic: give --topic BUNDLE_ID or set COOKTIMER_TOPIC"
    }
    if let url, Self.httpsURL(url) == nil {
      return "APNs URL \(url) is not https://HOST[:PORT] (--apns-url / COOKTIMER_APNS_URL)"
    }
    if let caFile, !fileReadable(caFile) {
      return "APNs CA \(caFile) does not exist or cannot be read (--apns-ca / COOKTIMER_APNS_CA)"
    }
    return nil
  }

  /// ``problem(fileReadable:)`` as a throw.
  /// - Throws: ``APNsError/settings(_:)`` with that line.
  public func validate() throws(APNsError) {
    if let line = problem() { throw .settings(line) }
  }

  /// The server for a token: ``url`` when set, else production or sandbox.
  /// - Throws: ``APNsError/settings(_:)`` when ``url`` is not an https URL.
  public func baseURL(sandbox: Bool) throws(APNsError) -> URL {
    guard let url else { return sandbox ? Self.sandboxURL : Self.productionURL }
    guard let parsed = Self.httpsURL(url) else {
      throw .settings(
        "APNs URL \(url) is not https://HOST[:PORT] (--apns-url / COOKTIMER_APNS_URL)")
    }
    return parsed
  }

  private static func httpsURL(_ text: String) -> URL? {
    guard let url = URL(string: text), url.scheme?.lowercased() == "https", url.host != nil
    else { return nil }
    return url
  }
}
