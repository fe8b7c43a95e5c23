/// Moving up from one machine: every row of this store copied into another, empty one
/// (`cooktimer migrate --to postgresql://…`, docs/deploy.md).
extension RunStore {
  /// The tables in an order that satisfies their foreign keys, each with the identity
  /// column whose counter must continue after the copied rows (`nil`: none).
  static let copiedTables: [(name: String, identity: String?)] = [
    ("recipes", nil), ("runs", nil), ("run_events", "seq"), ("outbox", "id"),
    ("activity_timestamps", nil), ("settings", nil), ("push_tokens", nil), ("push_sends", nil),
    ("deliveries", "id"), ("api_keys", nil), ("idempotency_keys", nil), ("device_tokens", nil),
    ("run_changes", "seq"), ("pairing_codes", nil),
  ]

  /// Copies every row of every table (runs and their logs, the outbox with its leases and
  /// attempts, tokens, API keys, idempotency keys, pairing codes, settings) into `target`, in one
  /// transaction of the target: all or nothing. Both stores have the latest schema (opening
  /// them brought it up to date). Returns how many rows each table had, in copy order.
  ///
  /// The source must be SQLite: its `typeof()` tells each value's type, so each is copied
  /// as it is stored (the store's STRICT tables hold no REAL).
  /// - Throws: `.other` when the source is not SQLite or `target` holds any row already
  ///   (nothing is written then); either store's errors.
  public func copyEverything(into target: RunStore) throws -> [(table: String, rows: Int)] {
    guard db.dialect == .sqlite else {
      throw StoreError(kind: .other, path: path, detail: "only an SQLite database can be copied")
    }
    return try target.transaction { tx in
      for (table, _) in Self.copiedTables {
        // Table names are this program's constants, never outside input.
        guard try tx.db.first("SELECT 1 FROM \(table) LIMIT 1", [], { _ in true }) == nil else {
          throw StoreError(
            kind: .other, path: target.path,
            detail: "the target database is not empty (\(table) has rows); nothing was copied")
        }
      }
      var counts: [(table: String, rows: Int)] = []
      for (table, identity) in Self.copiedTables {
        counts.append((table, try copy(table, into: tx.db)))
        if let identity, target.db.dialect == .postgreSQL {
          try tx.db.first(
            "SELECT setval(pg_get_serial_sequence('\(table)', '\(identity)'), max(\(identity))) "
              + "FROM \(table) HAVING count(*) > 0", [], { _ in () })
        }
      }
      return counts
    }
  }

  /// The first copied table that holds a row, `nil` when the store is empty: a store that
  /// ``copyEverything(into:)`` would refuse as its target.
  public func firstTableWithRows() throws -> String? {
    try read { tx in
      for (table, _) in Self.copiedTables {
        // Table names are this program's constants, never outside input.
        if try tx.db.first("SELECT 1 FROM \(table) LIMIT 1", [], { _ in true }) != nil {
          return table
        }
      }
      return nil
    }
  }

  /// Copies one table's rows into `target`; returns how many.
  private func copy(_ table: String, into target: DatabaseConnection) throws(StoreError) -> Int {
    try locked { () throws(StoreError) in
      let columns = try db.query(
        "SELECT name FROM pragma_table_info(?) ORDER BY cid",
        [
          .text(table)
        ]
      ) { $0.text(0) }
      let reading = columns.map { "typeof(\($0)), \($0)" }.joined(separator: ", ")
      let insert =
        "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES ("
        + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
      let rows = try db.query("SELECT \(reading) FROM \(table)", []) { row in
        (0..<Int32(columns.count)).map { column -> DatabaseValue in
          switch row.text(2 * column) {
          case "integer": return .integer(row.int64(2 * column + 1))
          case "blob": return .blob(row.blob(2 * column + 1))
          case "null": return .null
          default: return .text(row.text(2 * column + 1))
          }
        }
      }
      for values in rows { try target.run(insert, values) }
      return rows.count
    }
  }
}
