import CooktimerStore

/// SQLSTATE codes (PostgreSQL 15 manual, Appendix A) as the store's error kinds.
enum PostgreSQLErrors {
  static func error(sqlState: String, message: String, label: String) -> StoreError {
    let kind: StoreError.Kind
    var hint: String?
    switch (sqlState.prefix(2), sqlState) {
    // Too many connections: the server is there but full for now (a 503, not a login refused).
    case (_, "53300"): kind = .unreachable
    case (_, "3F000"):
      kind = .misconfigured
      hint = Self.schemaHint
    case (_, "25006"):
      kind = .misconfigured
      hint = Self.readOnlyHint
    // The connection lost or the server going away (shutdown, restart, failover), a
    // serialization failure, deadlock, lock not available: try again (HTTP 503).
    case ("08", _), (_, "57P01"), (_, "57P02"), (_, "57P03"), (_, "40001"), (_, "40P01"),
      (_, "55P03"):
      kind = .busy
    // Disk full, out of memory, system errors.
    case ("53", _), ("58", _): kind = .io
    case ("28", _), (_, "42501"): kind = .permissionDenied
    case ("XX", _): kind = .corrupt
    default: kind = .other
    }
    return StoreError(
      kind: kind, path: label, detail: "\(message) (SQLSTATE \(sqlState))", hint: hint)
  }

  /// 3F000 (invalid_schema_name): the URL's `options=-csearch_path=…` names a schema that is
  /// not there; cooktimer creates tables, never schemas (docs/deploy.md §1).
  static let schemaHint =
    "create the schema the URL's search_path names first (CREATE SCHEMA name), or drop the option"

  /// 25006 (read_only_sql_transaction): the server takes no writes — a standby (hot standby
  /// answers reads only), or `default_transaction_read_only` set for the role or database.
  static let readOnlyHint =
    "this server takes no writes (a standby, or a role or database set read-only): point --db "
    + "at the primary (target_session_attrs=read-write in the URL picks it among several hosts)"
}
