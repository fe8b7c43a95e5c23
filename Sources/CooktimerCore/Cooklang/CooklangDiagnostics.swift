/// Collects findings for one file while it is parsed.
struct CooklangDiagnostics {
  let file: String
  private(set) var all: [Diagnostic] = []

  init(file: String) {
    self.file = file
  }

  mutating func error(_ message: String, at location: SourceLocation) {
    add(.error, message, location)
  }

  mutating func warning(_ message: String, at location: SourceLocation) {
    add(.warning, message, location)
  }

  private mutating func add(_ severity: Diagnostic.Severity, _ message: String, _ at: SourceLocation) {
    all.append(
      Diagnostic(severity: severity, file: file, line: at.line, column: at.column, message: message))
  }
}
