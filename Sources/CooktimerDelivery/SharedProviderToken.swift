import CooktimerAPNs
import CooktimerCore
import CooktimerStore

extension PushSender {
  /// The database setting that keeps the provider token every sender process shares:
  /// `KEY_ID TEAM_ID IAT COMPACT`.
  static let providerTokenKey = "apns-provider-token"

  /// The provider token to send with at `now` (Unix seconds), shared through the database
  /// by every sender process for its life (renewed at 50 minutes, or after 403
  /// ExpiredProviderToken): a cron job of `send --once` every minute signs one JWT per 50
  /// minutes, not one per process, so APNs never answers 429 TooManyProviderTokenUpdates
  /// (issue 20; APNSwift issue 34, pushy issue 811).
  func providerToken(at now: Int64) throws -> String {
    let stored = try service.store.read { tx in try tx.setting(Self.providerTokenKey) }
    let parts = stored?.split(separator: " ", maxSplits: 3).map(String.init) ?? []
    if parts.count == 4, "\(parts[0]) \(parts[1])" == tokens.signer,
      let issuedAt = Int64(parts[2])
    {
      tokens.adopt(APNsJWT(compact: parts[3], issuedAt: issuedAt), at: now)
    }
    let token = try tokens.token(at: now)
    if let current = tokens.current, parts.count != 4 || parts[3] != token {
      let value = "\(tokens.signer) \(current.issuedAt) \(token)"
      try service.store.runTransaction { tx in try tx.setSetting(Self.providerTokenKey, value) }
    }
    return token
  }
}
