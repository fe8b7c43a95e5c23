/// What a recipe file may hold (docs/recipes.md §2 "Limits"). Recipes are files people
/// download: without limits one 11 MB file of 500,000 steps stalls every command that lists
/// the folder. Real recipes stay far below these.
public enum CooklangLimits {
  /// The largest file read, in bytes (1 MiB). Larger files are refused before reading.
  public static let fileBytes = 1 << 20
  /// The longest line, in characters.
  public static let lineCharacters = 10_000
  /// Steps in one recipe.
  public static let steps = 1_000
  /// Timers in one recipe, over all its steps.
  public static let timers = 1_000

  /// The size refusal, for callers that check a file's size before reading it.
  public static func tooLarge(_ bytes: Int, file: String) -> Diagnostic {
    Diagnostic(
      severity: .error, file: file, line: 1, column: 1,
      message:
        "the file is \(GroupedDigits.text(bytes)) bytes; a recipe is at most \(GroupedDigits.text(fileBytes)) bytes (1 MiB)"
    )
  }

  /// The first line longer than ``lineCharacters``, as an error at its first character
  /// past the limit.
  static func longLine(in source: String, file: String) -> Diagnostic? {
    var number = 0
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      number += 1
      // Characters are at least one byte: a short line in bytes is short in characters.
      guard line.utf8.count > lineCharacters, line.count > lineCharacters else { continue }
      return Diagnostic(
        severity: .error, file: file, line: number, column: lineCharacters + 1,
        message: "the line is longer than \(lineCharacters) characters")
    }
    return nil
  }

  /// An error at the first step or timer beyond the limits.
  static func check(_ document: CooklangDocument, _ diagnostics: inout CooklangDiagnostics) {
    if document.steps.count > steps {
      diagnostics.error(
        "the recipe has \(document.steps.count) steps; a recipe has at most \(steps)",
        at: document.steps[steps].location)
    }
    let all = document.steps.lazy.flatMap(\.items).filter { $0.kind == .timer }
    if let beyond = all.dropFirst(timers).first {
      diagnostics.error(
        "the recipe has \(all.count) timers; a recipe has at most \(timers)", at: beyond.location)
    }
  }

  /// The first byte of `bytes` that is not UTF-8, as line:column (columns in characters of
  /// the valid text before it), or `nil` when all of it is UTF-8.
  static func firstInvalidUTF8(_ bytes: [UInt8]) -> (line: Int, column: Int, byte: UInt8)? {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var (line, column, offset) = (1, 1, 0)
    var pendingCR = false
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        offset += UTF8.width(scalar)
        if scalar == "\n" {
          if !pendingCR { (line, column) = (line + 1, 1) }
        } else if scalar == "\r" {
          (line, column) = (line + 1, 1)
        } else if !scalar.properties.isGraphemeExtend {
          column += 1
        }
        pendingCR = scalar == "\r"
      case .emptyInput:
        return nil
      case .error:
        return (line, column, bytes[min(offset, bytes.count - 1)])
      }
    }
  }
}
