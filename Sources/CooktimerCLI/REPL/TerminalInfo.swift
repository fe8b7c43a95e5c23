import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Facts about the terminal that decide how output looks (docs/cli.md §5).
struct TerminalInfo {
  /// stdin is a terminal: the REPL reads keys; otherwise commands come line by line.
  var inputIsTerminal: Bool
  /// stdout is a terminal: colour and cursor movement are allowed (unless `NO_COLOR`).
  var outputIsTerminal: Bool
  /// `NO_COLOR` is set (to anything).
  var noColor: Bool

  static func current(environment: [String: String]) -> TerminalInfo {
    TerminalInfo(
      inputIsTerminal: isatty(STDIN_FILENO) == 1, outputIsTerminal: isatty(STDOUT_FILENO) == 1,
      noColor: environment["NO_COLOR"] != nil)
  }

  /// Colour and cursor movement allowed.
  var fancy: Bool { outputIsTerminal && !noColor }

  /// The terminal's size in rows and columns (24 × 80 when unknown).
  static func size() -> (rows: Int, columns: Int) {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 else { return (24, 80) }
    return (size.ws_row > 0 ? Int(size.ws_row) : 24, size.ws_col > 0 ? Int(size.ws_col) : 80)
  }
}
