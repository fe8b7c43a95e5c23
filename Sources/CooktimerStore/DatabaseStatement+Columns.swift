import CooktimerCore

/// The typed readers every engine's rows share, built on the four raw ones.
extension DatabaseStatement {
  func optionalInt64(_ column: Int32) -> Int64? {
    isNull(column) ? nil : int64(column)
  }

  func int(_ column: Int32) -> Int {
    Int(int64(column))
  }

  func optionalInt(_ column: Int32) -> Int? {
    isNull(column) ? nil : int(column)
  }

  /// An instant stored as integer Unix milliseconds.
  func instant(_ column: Int32) -> Instant {
    Instant(unixMilliseconds: int64(column))
  }

  func optionalInstant(_ column: Int32) -> Instant? {
    isNull(column) ? nil : instant(column)
  }
}
