/// Every error the core throws. The CLI maps each case to one message line and an exit code.
public enum CoreError: Error, Hashable, Sendable {
  /// A duration that cannot be read (docs/timers.md §3). `message` says what was understood and
  /// what to type instead, e.g. `"90" has no unit: type 90s or 90m`.
  case invalidDuration(input: String, message: String)
  /// A clock time or instant that cannot be read or does not exist (a DST gap).
  case invalidTime(input: String, message: String)
  /// A recipe that does not parse; the diagnostic names file, line and column.
  case invalidRecipe(Diagnostic)
  /// A change the run's state refuses (exit 65): the run, its phase, and why.
  case refused(runID: String, phase: RunPhase, message: String)
}

/// A parser finding with its place in the file; prints like a compiler's
/// (`Recipes/eggs.cook:3:14: warning: timer "~rest" has no duration`).
public struct Diagnostic: Hashable, Sendable, Codable, CustomStringConvertible {
  public enum Severity: String, Hashable, Sendable, Codable {
    case error, warning
  }

  public var severity: Severity
  /// The file as the user named it (a path, or `<stdin>`).
  public var file: String
  /// 1-based line.
  public var line: Int
  /// 1-based column, in characters (Swift `Character`s).
  public var column: Int
  public var message: String

  public init(severity: Severity, file: String, line: Int, column: Int, message: String) {
    self.severity = severity
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  public var description: String { "\(file):\(line):\(column): \(severity.rawValue): \(message)" }
}
