import CooktimerHTTP

/// `GET /healthz` (docs/api.md §1.2): 200 `{"ok": true}` while all is well; 503
/// `{"ok": false, "status": "degraded", "delivery": {"failingSince", "reason"}}` while the
/// sender beside the server cannot get its rounds done (a database held by another process,
/// a full disk): the API still answers, but pushes wait, and a monitor should say so.
enum HealthAnswer {
  static func response(_ trouble: DeliveryTrouble?) throws -> HTTPResponse {
    guard let trouble else { return try .json(["ok": true]) }
    return try .json(
      Degraded(
        delivery: .init(
          failingSince: trouble.failingSince.description, reason: trouble.reason)),
      status: .serviceUnavailable)
  }

  private struct Degraded: Encodable {
    struct Delivery: Encodable {
      var failingSince: String
      var reason: String
    }
    var ok = false
    var status = "degraded"
    var delivery: Delivery
  }
}
