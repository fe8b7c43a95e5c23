/// The provider token in use: one JWT reused for many requests and renewed between 20 and 60
/// minutes, as APNs asks (429 TooManyProviderTokenUpdates when it changes more often than
/// every 20 minutes, 403 ExpiredProviderToken once it is older than an hour).
///
/// Time is given, never read: every method takes `now` in Unix seconds. A value type; the
/// sending loop that owns it mutates it.
///
/// Sources: delivery.md §2 and §4; Apple, "Establishing a token-based connection to APNs".
public struct APNsTokenCache: Sendable {
  /// The default age at which a token is renewed, in seconds (50 minutes).
  public static let defaultRefreshAge: Int64 = 50 * 60
  /// The ages allowed for `refreshAge`, in seconds (20 to 60 minutes).
  public static let refreshAgeRange: ClosedRange<Int64> = (20 * 60)...(60 * 60)
  /// How long no new token is made after 429 TooManyProviderTokenUpdates, in seconds.
  public static let holdAfterTooManyUpdates: Int64 = 20 * 60

  private let key: APNsSigningKey
  private let keyID: String
  private let teamID: String
  /// The age at which ``token(at:)`` makes a new token, in seconds.
  public let refreshAge: Int64
  /// The token ``token(at:)`` last returned, if any.
  public private(set) var current: APNsJWT?
  private var invalidated = false
  private var holdUntil: Int64?

  /// - Parameter refreshAge: seconds, within ``refreshAgeRange``.
  /// - Throws: ``APNsError/settings(_:)`` when `refreshAge` is outside ``refreshAgeRange``.
  public init(
    key: APNsSigningKey, keyID: String, teamID: String, refreshAge: Int64 = defaultRefreshAge
  ) throws(APNsError) {
    guard Self.refreshAgeRange.contains(refreshAge) else {
      throw .settings(
        "APNs token refresh age \(refreshAge) s is outside 1200...3600 s (20 to 60 minutes)")
    }
    self.key = key
    self.keyID = keyID
    self.teamID = teamID
    self.refreshAge = refreshAge
  }

  /// The token to send at `now` (Unix seconds): the current one, or a new one issued at
  /// `now` when there is none, it is `refreshAge` old or older, it was issued after `now`
  /// (the clock went back), or ``invalidate()`` was called — except that within
  /// ``holdAfterTooManyUpdates`` after ``noteTooManyTokenUpdates(at:)`` the current token is
  /// kept whatever its age.
  /// - Throws: ``APNsError/signing(_:)`` when a new token cannot be signed.
  public mutating func token(at now: Int64) throws(APNsError) -> String {
    if let current, !needsNewToken(current, at: now) { return current.compact }
    let fresh = try APNsJWT(key: key, keyID: keyID, teamID: teamID, issuedAt: now)
    current = fresh
    invalidated = false
    return fresh.compact
  }

  /// Who signs: `KEY_ID TEAM_ID`, so a token kept for other processes is only taken by a
  /// cache of the same key and team.
  public var signer: String { "\(keyID) \(teamID)" }

  /// Takes `token` (another process's, kept in the database) as the current one when it is
  /// newer than the current one and not yet due for renewal at `now`; the next
  /// ``token(at:)`` returns it. An invalidated current token is never taken back.
  public mutating func adopt(_ token: APNsJWT, at now: Int64) {
    guard token.issuedAt > (current?.issuedAt ?? .min) else { return }
    let age = now - token.issuedAt
    guard age >= 0, age < refreshAge else { return }
    current = token
    invalidated = false
  }

  /// After 403 ExpiredProviderToken: the next ``token(at:)`` makes a new token (unless held).
  public mutating func invalidate() {
    invalidated = true
  }

  /// After 429 TooManyProviderTokenUpdates at `now` (Unix seconds): keep the current token
  /// until `now + holdAfterTooManyUpdates`.
  public mutating func noteTooManyTokenUpdates(at now: Int64) {
    holdUntil = now + Self.holdAfterTooManyUpdates
  }

  private func needsNewToken(_ token: APNsJWT, at now: Int64) -> Bool {
    if let holdUntil, now < holdUntil { return false }
    let age = now - token.issuedAt
    return invalidated || age >= refreshAge || age < 0
  }
}
