import CooktimerHTTP

/// `GET /healthz` (docs/api.md §1.2): 200 `{"ok": true}` while all is well; 503
/// `{"ok": false, "status": "degraded", "delivery": {"failingSince", "reason"}, "database":
/// {…}}` while the sender beside the server cannot get its rounds done (a database held by
/// another process, a full disk: pushes wait), or while the server cannot read its database
/// (PostgreSQL down or failing over: changes are answered 503), each field present only when
/// it is failing. A load balancer's health check then takes the server out of rotation, and
/// a monitor says so; the answer itself never touches the database.
enum HealthAnswer {
  /// What is failing now; `nil` fields are well.
  struct Report: Sendable {
    var delivery: DeliveryTrouble?
    var database: DeliveryTrouble?
  }

  static func response(_ report: Report) throws -> HTTPResponse {
    guard report.delivery != nil || report.database != nil else {
      return try .json(["ok": true])
    }
    return try .json(
      Degraded(
        delivery: report.delivery.map(Failing.init), database: report.database.map(Failing.init)),
      status: .serviceUnavailable)
  }

  private struct Failing: Encodable {
    var failingSince: String
    var reason: String
    init(_ trouble: DeliveryTrouble) {
      failingSince = trouble.failingSince.description
      reason = trouble.reason
    }
  }

  private struct Degraded: Encodable {
    var ok = false
    var status = "degraded"
    var delivery: Failing?
    var database: Failing?
  }
}
