import CooktimerCore
import CooktimerStore

extension RunService {
  /// A token as the phone gives it (hex, any case, 16 to 255 bytes), lowercased
  /// (docs/delivery.md §1).
  ///
  /// - Throws: ``ServiceError/invalid(_:)`` naming what is wrong: not hex, an odd number of
  ///   digits, too short or too long.
  public static func normalizedToken(_ text: String) throws(ServiceError) -> String {
    let hex = text.lowercased()
    guard !hex.isEmpty, hex.allSatisfy({ $0.isHexDigit && $0.isASCII }) else {
      throw ServiceError.invalid("a push token is hexadecimal digits only, not \(preview(text))")
    }
    guard hex.count % 2 == 0 else {
      throw ServiceError.invalid("a push token has an even number of hex digits, not \(hex.count)")
    }
    let bytes = hex.count / 2
    guard (16...255).contains(bytes) else {
      throw ServiceError.invalid("a push token is 16 to 255 bytes, not \(bytes)")
    }
    return hex
  }

  /// The longest device name, in characters: as long as an API key's name (docs/api.md §2).
  /// A phone's name ("Anna's iPhone") is far shorter; without a bound one request or
  /// argument stored megabytes that every `token list` and `GET /v1/tokens` printed again.
  public static let deviceNameCharacters = 64

  /// A device name as given, or ``ServiceError/badData(_:)`` when it holds a control
  /// character (C0, DEL, C1: Unicode category Cc): a NUL cut the stored name short and the
  /// others would reach a terminal through `token list` (issue 26).
  ///
  /// - Throws: ``ServiceError/invalid(_:)`` for a name over ``deviceNameCharacters``
  ///   characters (exit 64, HTTP 400); ``ServiceError/badData(_:)`` for a control character.
  public static func checkedDeviceName(_ name: String?) throws(ServiceError) -> String? {
    guard let name else { return nil }
    // Counted without walking more of a huge name than the limit needs.
    guard name.utf8.count <= deviceNameCharacters || name.dropFirst(deviceNameCharacters).isEmpty
    else {
      throw ServiceError.invalid(
        "a device name is at most \(deviceNameCharacters) characters, not \(name.count)")
    }
    for (offset, scalar) in name.unicodeScalars.enumerated()
    where scalar.properties.generalCategory == .control {
      let code = String(scalar.value, radix: 16, uppercase: true)
      throw ServiceError.badData(
        "a device name may not contain control characters: U+"
          + String(repeating: "0", count: max(0, 4 - code.count)) + code
          + " at character \(offset + 1)")
    }
    return name
  }

  /// Registers a device's push-to-start token: every `start` goes to it.
  /// - Throws: ``ServiceError/invalid(_:)`` for a bad token, ``ServiceError/badData(_:)``
  ///   for a device name with a control character; nothing is stored then;
  ///   ``ServiceError/database(_:)``.
  @discardableResult
  public func addPushToStartToken(
    _ text: String, device: String?, sandbox: Bool, at now: Instant? = nil
  ) throws(ServiceError) -> PushToken {
    let device = try Self.checkedDeviceName(device)
    let token = PushToken(
      token: try Self.normalizedToken(text), kind: .pushToStart, device: device,
      sandbox: sandbox, createdAt: now ?? clock.now())
    try writing { tx in try tx.addToken(token) }
    return token
  }

  /// Registers the update token of an activity of a run (`activity` `nil`: the run's newest).
  /// It replaces the token `device` had for that activity (a phone's new token after the old
  /// one was invalidated); another device's token stays, so two phones that each carry the run
  /// both get every push (docs/delivery.md §1). `appStarted`: the app started that activity
  /// itself, so its queued push-to-start is not sent (no second card).
  /// - Throws: ``ServiceError/invalid(_:)`` for a bad token or activity number,
  ///   ``ServiceError/badData(_:)`` for a device name with a control character,
  ///   ``ServiceError/noSuchRun(_:)``, ``ServiceError/database(_:)``.
  @discardableResult
  public func addActivityToken(
    _ text: String, run given: String, activity: Int?, device: String? = nil, sandbox: Bool,
    appStarted: Bool = false, at now: Instant? = nil
  ) throws(ServiceError) -> PushToken {
    let hex = try Self.normalizedToken(text)
    let device = try Self.checkedDeviceName(device)
    let now = now ?? clock.now()
    return try writing { tx in
      guard let run = try tx.run(named: given) else {
        throw ServiceError.noSuchRun(given)
      }
      let newest = try tx.activityRecord(runID: run.id).number
      let number = activity ?? newest
      guard (1...newest).contains(number) else {
        throw ServiceError.invalid(
          "\(run.id) has activities 1 to \(newest), not \(number)")
      }
      let token = PushToken(
        token: hex, kind: .activity, runID: run.id, activity: number, device: device,
        sandbox: sandbox, createdAt: now)
      try tx.addToken(token)
      if appStarted { try tx.startedByTheApp(runID: run.id, activity: number, at: now) }
      return token
    }
  }

  /// Forgets a token; `false` when none was stored.
  /// - Throws: ``ServiceError/invalid(_:)`` for text that is no token,
  ///   ``ServiceError/database(_:)``.
  public func removeToken(_ text: String) throws(ServiceError) -> Bool {
    let hex = try Self.normalizedToken(text)
    return try writing { tx in try tx.removeToken(hex) }
  }

  /// Every registered token, oldest first.
  ///
  /// - Throws: ``ServiceError/database(_:)``.
  public func tokens() throws(ServiceError) -> [PushToken] {
    try writing { tx in try tx.tokens() }
  }
}

/// At most 24 characters of `text` for a message, quoted; longer input is cut with "…".
func preview(_ text: String) -> String {
  text.count <= 24 ? "\"\(text)\"" : "\"\(text.prefix(24))…\""
}
