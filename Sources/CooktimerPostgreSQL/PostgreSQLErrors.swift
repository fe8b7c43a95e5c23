import CooktimerStore

/// SQLSTATE codes (PostgreSQL 15 manual, Appendix A) as the store's error kinds.
enum PostgreSQLErrors {
  static func error(sqlState: String, message: String, label: String) -> StoreError {
    let kind: StoreError.Kind
    switch (sqlState.prefix(2), sqlState) {
    // The connection lost or the server going away (shutdown, restart, failover), a
    // serialization failure, deadlock, lock not available: try again (HTTP 503).
    case ("08", _), (_, "57P01"), (_, "57P02"), (_, "57P03"), (_, "40001"), (_, "40P01"),
      (_, "55P03"):
      kind = .busy
    // Disk full, out of memory, system errors.
    case ("53", _), ("58", _): kind = .io
    case ("28", _), (_, "42501"), (_, "25006"): kind = .permissionDenied
    case ("XX", _): kind = .corrupt
    default: kind = .other
    }
    return StoreError(kind: kind, path: label, detail: "\(message) (SQLSTATE \(sqlState))")
  }
}
