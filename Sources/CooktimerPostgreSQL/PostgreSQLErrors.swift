import CooktimerStore

/// SQLSTATE codes (PostgreSQL 15 manual, Appendix A) as the store's error kinds.
enum PostgreSQLErrors {
  static func error(sqlState: String, message: String, label: String) -> StoreError {
    let kind: StoreError.Kind
    switch (sqlState.prefix(2), sqlState) {
    // Connection exceptions, the server shutting down, disk full or out of memory.
    case ("08", _), ("57", _), ("53", _), ("58", _): kind = .io
    // Serialization failure, deadlock, lock not available: try again.
    case (_, "40001"), (_, "40P01"), (_, "55P03"): kind = .busy
    case ("28", _), (_, "42501"), (_, "25006"): kind = .permissionDenied
    case ("XX", _): kind = .corrupt
    default: kind = .other
    }
    return StoreError(kind: kind, path: label, detail: "\(message) (SQLSTATE \(sqlState))")
  }
}
