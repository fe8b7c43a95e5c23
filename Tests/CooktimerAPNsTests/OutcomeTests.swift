import CooktimerAPNs
import Testing

@Suite("Answers table (delivery.md §4)")
struct OutcomeTests {
  struct Row: Sendable, CustomTestStringConvertible {
    var status: Int
    var reason: String?
    var outcome: APNsOutcome
    var testDescription: String { "\(status) \(reason ?? "-") → \(outcome)" }
  }

  static let rows: [Row] = [
    Row(status: 200, reason: nil, outcome: .sent),
    Row(status: 400, reason: "BadDeviceToken", outcome: .deadToken),
    Row(status: 400, reason: "DeviceTokenNotForTopic", outcome: .deadToken),
    Row(status: 410, reason: "Unregistered", outcome: .deadToken),
    Row(status: 410, reason: "ExpiredToken", outcome: .deadToken),
    Row(status: 400, reason: "BadTopic", outcome: .failed),
    Row(status: 400, reason: "TopicDisallowed", outcome: .failed),
    Row(status: 400, reason: "BadExpirationDate", outcome: .failed),
    Row(status: 400, reason: "BadPriority", outcome: .failed),
    Row(status: 400, reason: "MissingTopic", outcome: .failed),
    Row(status: 400, reason: nil, outcome: .failed),
    Row(status: 413, reason: "PayloadTooLarge", outcome: .failed),
    Row(status: 404, reason: "BadPath", outcome: .failed),
    Row(status: 405, reason: "MethodNotAllowed", outcome: .failed),
    Row(status: 403, reason: "ExpiredProviderToken", outcome: .renewTokenAndRetryOnce),
    Row(status: 403, reason: "InvalidProviderToken", outcome: .configurationError),
    Row(status: 403, reason: "MissingProviderToken", outcome: .configurationError),
    Row(status: 403, reason: "BadCertificateEnvironment", outcome: .configurationError),
    Row(status: 403, reason: nil, outcome: .configurationError),
    Row(status: 429, reason: "TooManyProviderTokenUpdates", outcome: .keepTokenAndRetry),
    Row(status: 429, reason: "TooManyRequests", outcome: .retryWithBackoff),
    Row(status: 500, reason: "InternalServerError", outcome: .retryWithBackoff),
    Row(status: 503, reason: "ServiceUnavailable", outcome: .retryWithBackoff),
    Row(status: 502, reason: nil, outcome: .retryWithBackoff),
  ]

  @Test(arguments: rows)
  func classifiesEachRow(row: Row) {
    #expect(APNsOutcome(status: row.status, reason: row.reason) == row.outcome)
    let response = APNsResponse(status: row.status, apnsID: nil, reason: row.reason)
    #expect(response.outcome == row.outcome)
  }

  @Test func requestsWithoutAnAnswer() {
    #expect(APNsOutcome(error: .transport("timed out")) == .retryWithBackoff)
    #expect(APNsOutcome(error: .notHTTP2("HTTP/1.1")) == .configurationError)
    #expect(APNsOutcome(error: .key("gone")) == .configurationError)
    #expect(APNsOutcome(error: .signing("failed")) == .configurationError)
    #expect(APNsOutcome(error: .settings("no topic")) == .configurationError)
    #expect(APNsOutcome(error: .request("too large")) == .failed)
  }

  @Test func whichOutcomesRetry() {
    let retried = Self.rows.filter { $0.outcome.retries }.map(\.status)
    #expect(retried == [403, 429, 429, 500, 503, 502])
  }
}
