import CooktimerCore

/// A value bound to a statement parameter. Values are always bound, never spliced into SQL.
public enum DatabaseValue: Sendable, Hashable {
  case integer(Int64)
  case text(String)
  /// Bytes kept as they are (a `BLOB` column of a `STRICT` table takes nothing else).
  case blob([UInt8])
  case null

  public static func integer(_ value: Int?) -> DatabaseValue {
    value.map { .integer(Int64($0)) } ?? .null
  }

  public static func integer(_ value: Int64?) -> DatabaseValue {
    value.map { .integer($0) } ?? .null
  }

  public static func text(_ value: String?) -> DatabaseValue {
    value.map { .text($0) } ?? .null
  }

  public static func instant(_ value: Instant?) -> DatabaseValue {
    value.map { .integer($0.unixMilliseconds) } ?? .null
  }
}
