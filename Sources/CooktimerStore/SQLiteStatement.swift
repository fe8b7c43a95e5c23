import CSQLite

/// SQLite copies bound text before `sqlite3_bind_text` returns. The C macro is not imported
/// into Swift; GRDB defines it the same way, under the C name.
// swift-format-ignore: AlwaysUseLowerCamelCase
let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared SQLite statement, finalized when released.
final class SQLiteStatement: DatabaseStatement {
  private let handle: OpaquePointer
  private unowned let connection: SQLiteEngine

  init(connection: SQLiteEngine, sql: String) throws(StoreError) {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v2(connection.handle, sql, -1, &statement, nil)
    guard code == SQLITE_OK, let statement else {
      sqlite3_finalize(statement)
      throw connection.error(code)
    }
    self.handle = statement
    self.connection = connection
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// Ends the statement's run (releasing what it holds), its bindings left in place.
  func reset() {
    sqlite3_reset(handle)
  }

  /// Binds `values` to parameters 1...n, after clearing earlier bindings.
  func bind(_ values: [DatabaseValue]) throws(StoreError) {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let code: Int32
      switch value {
      case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
      case .text(let string): code = sqlite3_bind_text(handle, index, string, -1, SQLITE_TRANSIENT)
      case .blob(let bytes):
        // A zero-length blob still binds as a blob, not as NULL, with a non-nil pointer.
        code = bytes.withUnsafeBytes { raw in
          sqlite3_bind_blob(
            handle, index, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(raw.count),
            SQLITE_TRANSIENT)
        }
      case .null: code = sqlite3_bind_null(handle, index)
      }
      guard code == SQLITE_OK else { throw connection.error(code) }
    }
  }

  /// Steps once: `true` when a row is ready to read, `false` when done.
  func step() throws(StoreError) -> Bool {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      // The connection's message belongs to this failure; reset only afterwards.
      let error = connection.error(code)
      sqlite3_reset(handle)
      throw error
    }
  }

  var changes: Int { Int(sqlite3_changes(connection.handle)) }

  func isNull(_ column: Int32) -> Bool {
    sqlite3_column_type(handle, column) == SQLITE_NULL
  }

  func int64(_ column: Int32) -> Int64 {
    sqlite3_column_int64(handle, column)
  }

  func text(_ column: Int32) -> String {
    guard let bytes = sqlite3_column_text(handle, column) else { return "" }
    return String(cString: bytes)
  }

  func blob(_ column: Int32) -> [UInt8] {
    // The pointer first, then its length: SQLite's documented order.
    guard let bytes = sqlite3_column_blob(handle, column) else { return [] }
    let count = Int(sqlite3_column_bytes(handle, column))
    return Array(UnsafeRawBufferPointer(start: bytes, count: count))
  }
}
