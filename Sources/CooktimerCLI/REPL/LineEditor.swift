import CReadline
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// readline's alternate (callback) interface: the REPL's poll loop feeds it keystrokes, so a
/// single thread waits for both keys and the next alarm, and alarms print above the prompt
/// without garbling the half-typed line.
final class LineEditor {
  /// Called with each finished line, or `nil` for Ctrl-D on an empty line.
  nonisolated(unsafe) static var onLine: ((String?) -> Void)?
  /// Words offered by tab completion: commands for the first word; then what that command
  /// takes — recipe names, run ids, push events.
  nonisolated(unsafe) static var commandWords: [String] = []
  nonisolated(unsafe) static var recipeWords: [String] = []
  nonisolated(unsafe) static var runWords: [String] = []

  let prompt: String
  private let historyPath: String?
  private(set) var installed = false

  init(prompt: String, historyPath: String?) {
    self.prompt = prompt
    self.historyPath = historyPath
    rl_catch_signals = 0  // we handle SIGINT/SIGTERM ourselves (self-pipe)
    rl_catch_sigwinch = 1
    rl_readline_name = UnsafePointer(strdup("cooktimer"))
    rl_attempted_completion_function = { text, start, _ in
      rl_attempted_completion_over = 1  // no file-name completion
      let before = String(
        decoding: String(cString: rl_line_buffer).utf8.prefix(Int(start)), as: UTF8.self)
      completionContext = before.split(separator: " ").map(String.init)
      return rl_completion_matches(text) { text, state in LineEditor.complete(text, state) }
    }
    stifle_history(1000)
    if let historyPath { _ = read_history(historyPath) }
  }

  func install() {
    guard !installed else { return }
    rl_callback_handler_install(prompt) { line in
      let text = line.map { String(cString: $0) }
      if let line {
        if line.pointee != 0 { add_history(line) }
        free(line)
      }
      LineEditor.onLine?(text)
    }
    installed = true
  }

  /// Gives the terminal back (before `watch`, at exit).
  func remove() {
    guard installed else { return }
    rl_callback_handler_remove()
    installed = false
  }

  /// Reads the bytes waiting on stdin.
  func readCharacter() { rl_callback_read_char() }

  /// Prints `text` above the prompt, then redraws the prompt and the half-typed line intact.
  func printAbove(_ text: String) {
    guard installed else {
      writeOut(text + "\n")
      return
    }
    writeOut("\r\u{1b}[2K" + text + "\n")
    rl_on_new_line()
    rl_redisplay()
  }

  /// Ctrl-C: drops the line being typed and shows a fresh prompt.
  func cancelLine() {
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
  func saveHistory() {
    guard let historyPath else { return }
    let folder = (historyPath as NSString).deletingLastPathComponent
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let fd = open(historyPath, O_WRONLY | O_CREAT, 0o600)
    if fd >= 0 { close(fd) }
    _ = write_history(historyPath)
    chmod(historyPath, 0o600)
  }

  private static func complete(
    _ text: UnsafePointer<CChar>?, _ state: Int32
  ) -> UnsafeMutablePointer<CChar>? {
    if state == 0 {
      let prefix = text.map { String(cString: $0) } ?? ""
      let words = candidates(after: completionContext)
      completionMatches = words.filter { $0.lowercased().hasPrefix(prefix.lowercased()) }
    }
    guard Int(state) < completionMatches.count else { return nil }
    return strdup(completionMatches[Int(state)])
  }
}

/// The matches of the completion in progress (readline asks for them one by one).
nonisolated(unsafe) private var completionMatches: [String] = []
/// The words before the one being completed.
nonisolated(unsafe) private var completionContext: [String] = []

/// What may come after `words`: a command first, then the kind of word that command takes.
private func candidates(after words: [String]) -> [String] {
  guard let command = words.first?.lowercased() else { return LineEditor.commandWords }
  switch command {
  case "show", "start", "plan": return LineEditor.recipeWords
  case "help": return words.count == 1 ? LineEditor.commandWords : []
  case "payload": return words.count == 1 ? ["start", "update", "end"] : LineEditor.runWords
  case "recipes", "contract", "outbox", "watch", "quit", "exit": return []
  default: return LineEditor.runWords
  }
}
