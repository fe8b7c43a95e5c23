import CReadline
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// readline's alternate (callback) interface: the REPL's poll loop feeds it keystrokes, so a
/// single thread waits for both keys and the next alarm, and alarms print above the prompt
/// without garbling the half-typed line.
///
/// readline is one set of C globals per process, so there is one editor at a time; its C
/// callbacks reach it through ``current``. Only the REPL's thread calls into it.
public final class LineEditor {
  /// Called with each finished line, or `nil` for Ctrl-D on an empty line.
  public var onLine: ((String?) -> Void)?
  /// What tab completion offers, given the words before the one being completed.
  public var completions: (_ wordsBefore: [String]) -> [String] = { _ in [] }

  public let prompt: String
  private let historyPath: String?
  public private(set) var installed = false
  /// The matches of the completion in progress (readline asks for them one by one).
  private var matches: [String] = []

  /// Safe unsynchronised: set and read on the REPL's thread only, as readline itself is.
  nonisolated(unsafe) private static weak var current: LineEditor?

  public init(prompt: String, historyPath: String?) {
    self.prompt = prompt
    self.historyPath = historyPath
    LineEditor.current = self
    rl_catch_signals = 0  // we handle SIGINT/SIGTERM ourselves (self-pipe)
    rl_catch_sigwinch = 1
    rl_readline_name = UnsafePointer(strdup("cooktimer"))
    rl_attempted_completion_function = { text, start, _ in
      rl_attempted_completion_over = 1  // no file-name completion
      let before = String(
        decoding: String(cString: rl_line_buffer).utf8.prefix(Int(start)), as: UTF8.self)
      LineEditor.current?.prepareMatches(
        before: before.split(separator: " ").map(String.init),
        prefix: text.map { String(cString: $0) } ?? "")
      return rl_completion_matches(text) { _, state in LineEditor.current?.match(Int(state)) }
    }
    stifle_history(1000)
    if let historyPath { _ = read_history(historyPath) }
  }

  public func install() {
    guard !installed else { return }
    rl_callback_handler_install(prompt) { line in
      let text = line.map { String(cString: $0) }
      if let line {
        if line.pointee != 0 { add_history(line) }
        free(line)
      }
      LineEditor.current?.onLine?(text)
    }
    installed = true
  }

  /// Gives the terminal back (before `watch`, at exit).
  public func remove() {
    guard installed else { return }
    rl_callback_handler_remove()
    installed = false
  }

  /// Reads the bytes waiting on stdin.
  public func readCharacter() { rl_callback_read_char() }

  /// Prints `text` above the prompt, then redraws the prompt and the half-typed line intact.
  public func printAbove(_ text: String) {
    guard installed else {
      writeOut(text + "\n")
      return
    }
    writeOut("\r\u{1b}[2K" + text + "\n")
    rl_on_new_line()
    rl_redisplay()
  }

  /// Ctrl-C: drops the line being typed and shows a fresh prompt.
  public func cancelLine() {
    guard installed else { return }
    rl_free_line_state()
    rl_callback_sigcleanup()
    rl_replace_line("", 0)
    writeOut("^C\n")
    rl_on_new_line()
    rl_redisplay()
  }

  /// Writes the history file (mode 0600: it may hold recipe names and run ids only, but it
  /// is the cook's own).
  public func saveHistory() {
    guard let historyPath else { return }
    let folder = (historyPath as NSString).deletingLastPathComponent
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let fd = open(historyPath, O_WRONLY | O_CREAT, 0o600)
    if fd >= 0 { close(fd) }
    _ = write_history(historyPath)
    chmod(historyPath, 0o600)
  }

  private func prepareMatches(before words: [String], prefix: String) {
    matches = completions(words).filter { $0.lowercased().hasPrefix(prefix.lowercased()) }
  }

  private func match(_ state: Int) -> UnsafeMutablePointer<CChar>? {
    state < matches.count ? strdup(matches[state]) : nil
  }
}
