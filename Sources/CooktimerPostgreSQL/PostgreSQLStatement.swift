import CPostgreSQL
import CooktimerStore

/// A statement of the store run through libpq's `PQexecPrepared` (prepared on the
/// connection at its first run with these value types, ``PostgreSQLEngine/preparedName(_:types:)``):
/// the first ``step()`` after ``bind(_:)`` sends it with its values and takes the whole
/// result; later steps walk its rows. Values travel apart from the SQL (never spliced in): integers as text typed `int8`,
/// text untyped (the server infers the column's type), bytes in binary as `bytea`.
/// Results come as text: integers in decimal, booleans `t`/`f`, `bytea` as `\x` and hex
/// (PostgreSQL 15 manual §8.4, `bytea_output = hex`, the default).
final class PostgreSQLStatement: DatabaseStatement {
  private unowned let engine: PostgreSQLEngine
  /// The statement in PostgreSQL's dialect (``PostgreSQLTranslation``).
  let sql: String
  private var values: [DatabaseValue] = []
  private var result: OpaquePointer?
  private var row: Int32 = -1
  private var rows: Int32 = 0
  private(set) var changes = 0

  /// `int8` and `bytea` (pg_type.dat).
  private static let int8OID: Oid = 20
  private static let byteaOID: Oid = 17

  init(engine: PostgreSQLEngine, sql: String) {
    self.engine = engine
    self.sql = PostgreSQLTranslation.translate(sql)
  }

  deinit {
    cooktimer_pq_clear(result)
  }

  func bind(_ values: [DatabaseValue]) throws(StoreError) {
    reset()
    self.values = values
  }

  func reset() {
    cooktimer_pq_clear(result)
    result = nil
    row = -1
    rows = 0
  }

  func step() throws(StoreError) -> Bool {
    if result == nil {
      let answer = try execute()
      result = answer
      rows = cooktimer_pq_ntuples(answer)
      changes = Int(String(cString: cooktimer_pq_cmd_tuples(answer))) ?? 0
    }
    row += 1
    return row < rows
  }

  private func execute() throws(StoreError) -> OpaquePointer {
    if !engine.isInTransaction { try engine.reconnectIfLost() }
    var types: [Oid] = []
    var texts: [[CChar]?] = []
    var lengths: [Int32] = []
    var formats: [Int32] = []
    for value in values {
      switch value {
      case .integer(let number):
        types.append(Self.int8OID)
        texts.append(Array(String(number).utf8CString))
        lengths.append(0)
        formats.append(0)
      case .text(let string):
        types.append(0)
        texts.append(Array(string.utf8CString))
        lengths.append(0)
        formats.append(0)
      case .blob(let bytes):
        types.append(Self.byteaOID)
        texts.append(bytes.map { CChar(bitPattern: $0) } + [0])
        lengths.append(Int32(bytes.count))
        formats.append(1)
      case .null:
        types.append(0)
        texts.append(nil)
        lengths.append(0)
        formats.append(0)
      }
    }
    // The savepoint commands waiting go in the same round trip, pipelined (a batch's part
    // opens two before its first read) — once the statement is prepared: a statement that
    // fails to prepare must find its savepoints made, to be rolled back to.
    if engine.hasPending, let name = engine.preparedAlready(sql, types: types) {
      return try engine.afterPending {
        withPointers(texts) { pointers in
          cooktimer_pq_send_prepared(
            engine.connection, name, Int32(values.count), pointers, lengths, formats, 0)
        }
      }
    }
    try engine.sendPending()
    let send = { [self] () throws(StoreError) -> OpaquePointer in
      // Prepared once per connection and types (parsed and planned once, not on every run);
      // asked again inside `send`, as a reconnection forgets every prepared statement.
      let name = try engine.preparedName(sql, types: types)
      engine.roundTrips += 1
      let answer = withPointers(texts) { pointers in
        if let name {
          cooktimer_pq_exec_prepared(
            engine.connection, name, Int32(values.count), pointers, lengths, formats, 0)
        } else {
          cooktimer_pq_exec_params(
            engine.connection, sql, Int32(values.count), types, pointers, lengths, formats, 0)
        }
      }
      return try engine.checked(answer)
    }
    // A lone read (outside a transaction) is safe to send again on a new connection.
    guard !engine.isInTransaction, isRead else { return try send() }
    return try engine.retryingOnce(send)
  }

  /// Whether the statement only reads: a SELECT of the store (none of them takes a
  /// sequence's number or a lock outside a transaction).
  private var isRead: Bool {
    sql.prefix(7).uppercased() == "SELECT " && !sql.contains("nextval") && !sql.contains("setval")
  }

  /// `body` with C pointers to each value (NULL for a missing one), valid during the call.
  private func withPointers<T>(
    _ texts: [[CChar]?], _ body: ([UnsafePointer<CChar>?]) -> T
  ) -> T {
    var pointers: [UnsafePointer<CChar>?] = []
    var owned: [UnsafeMutablePointer<CChar>] = []
    defer { for pointer in owned { pointer.deallocate() } }
    for text in texts {
      guard let text else {
        pointers.append(nil)
        continue
      }
      let copy = UnsafeMutablePointer<CChar>.allocate(capacity: text.count)
      copy.initialize(from: text, count: text.count)
      owned.append(copy)
      pointers.append(UnsafePointer(copy))
    }
    return body(pointers)
  }

  func isNull(_ column: Int32) -> Bool {
    guard let result, row < rows else { return true }
    return cooktimer_pq_getisnull(result, row, column) != 0
  }

  /// A column's bytes as sent (text format), or `nil` for NULL.
  private func raw(_ column: Int32) -> UnsafeMutablePointer<CChar>? {
    guard let result, row < rows, cooktimer_pq_getisnull(result, row, column) == 0 else {
      return nil
    }
    return cooktimer_pq_getvalue(result, row, column)
  }

  func int64(_ column: Int32) -> Int64 {
    guard let value = raw(column) else { return 0 }
    let text = String(cString: value)
    switch text {
    case "t": return 1
    case "f": return 0
    default: return Int64(text) ?? 0
    }
  }

  func text(_ column: Int32) -> String {
    guard let value = raw(column) else { return "" }
    return String(cString: value)
  }

  func blob(_ column: Int32) -> [UInt8] {
    guard let result, let value = raw(column) else { return [] }
    let count = Int(cooktimer_pq_getlength(result, row, column))
    let bytes = UnsafeRawBufferPointer(start: value, count: count)
    // `\x` then two hex digits a byte.
    guard count >= 2, bytes[0] == UInt8(ascii: "\\"), bytes[1] == UInt8(ascii: "x") else {
      return Array(bytes)
    }
    var decoded: [UInt8] = []
    decoded.reserveCapacity((count - 2) / 2)
    var index = 2
    while index + 1 < count {
      decoded.append(hexValue(bytes[index]) << 4 | hexValue(bytes[index + 1]))
      index += 2
    }
    return decoded
  }

  private func hexValue(_ digit: UInt8) -> UInt8 {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
    default: return 0
    }
  }
}
