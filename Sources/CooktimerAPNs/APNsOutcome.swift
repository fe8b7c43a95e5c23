/// What the sender does with one answer: delivery.md §4's table, in one place.
public enum APNsOutcome: Hashable, Sendable {
  /// 200: sent; record the answered `apns-id`.
  case sent
  /// 400 BadDeviceToken or DeviceTokenNotForTopic, 410 Unregistered (or any 410): remove the
  /// token, send nothing more to it; the push failed for that token.
  case deadToken
  /// Other 400s, 413 PayloadTooLarge, other 4xx: failed, not retried; record the reason.
  case failed
  /// 403 ExpiredProviderToken: make a new JWT and retry once. (A second one in a row for a
  /// fresh token means the clock is wrong: treat it as ``configurationError``.)
  case renewTokenAndRetryOnce
  /// 403 InvalidProviderToken and other 403s: stop sending, keep the pushes pending, say so
  /// in one line, exit 78.
  case configurationError
  /// 429 TooManyProviderTokenUpdates: keep the current JWT (no new one for 20 minutes;
  /// ``APNsTokenCache/noteTooManyTokenUpdates(at:)``) and retry with backoff.
  case keepTokenAndRetry
  /// 429 TooManyRequests, 500, 503, other 5xx, and no answer at all (timeout, connection
  /// lost): retry with ``APNsBackoff`` until the push expires.
  case retryWithBackoff

  /// Classifies an answer by its HTTP status and `reason`.
  public init(status: Int, reason: String?) {
    switch (status, reason) {
    case (200, _): self = .sent
    case (400, "BadDeviceToken"), (400, "DeviceTokenNotForTopic"), (410, _): self = .deadToken
    case (403, "ExpiredProviderToken"): self = .renewTokenAndRetryOnce
    case (403, _): self = .configurationError
    case (429, "TooManyProviderTokenUpdates"): self = .keepTokenAndRetry
    case (429, _), (500...599, _): self = .retryWithBackoff
    default: self = .failed
    }
  }

  /// Classifies a request that got no answer: transport failures are retried, a key or
  /// settings problem stops the sender, a request we refused to send failed.
  public init(error: APNsError) {
    switch error {
    case .transport: self = .retryWithBackoff
    case .key, .signing, .settings, .notHTTP2: self = .configurationError
    case .request: self = .failed
    }
  }

  /// Whether the push is tried again.
  public var retries: Bool {
    switch self {
    case .renewTokenAndRetryOnce, .keepTokenAndRetry, .retryWithBackoff: true
    case .sent, .deadToken, .failed, .configurationError: false
    }
  }
}
