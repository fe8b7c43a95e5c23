/// One command, declared once (cli.md "Commands"): its word and aliases, its line in `help`,
/// what tab completion offers for its arguments, whether only the REPL runs it, and how its
/// words become a ``Command``. The parser, `help`, completion and the REPL all read
/// ``CommandSpec/all``; adding a command is one spec there and its case in `execute`.
struct CommandSpec: Sendable {
  /// What tab completion offers for an argument.
  enum ArgumentKind: Sendable {
    case recipe
    case run
    /// A command's word (`help COMMAND`).
    case command
    /// `start`, `update` or `end`.
    case pushEvent
    /// Nothing to offer.
    case none
  }

  /// A command the REPL carries out itself rather than through ``Session/run(_:)``; a
  /// one-shot command line refuses it.
  enum AtPrompt: Sendable {
    /// `quit`, `exit`: leave the REPL (piped input stops reading too).
    case leave
    /// `watch`: the live countdown view.
    case watch
    /// `ok`: the ringing alarms were heard.
    case acknowledge
  }

  /// The word `help` and error hints use.
  let word: String
  /// Other words for the same command (`ls`, `eta`).
  var aliases: [String] = []
  /// Its line in `help`: `add DURATION [RUN]`.
  let usage: String
  let summary: String
  /// The longer text of `help COMMAND`, or empty.
  var detail = ""
  /// Completion for the arguments by position; the last kind repeats. Empty: none.
  var arguments: [ArgumentKind] = []
  /// Set for the commands only the REPL runs.
  var atPrompt: AtPrompt?
  /// Reads the arguments after the word (what is left over is refused by the parser).
  let parse: @Sendable (inout Arguments) throws -> Command

  /// The command named by `word` or one of its aliases, case-insensitively.
  static func named(_ word: String) -> CommandSpec? {
    let word = word.lowercased()
    return all.first { $0.word == word || $0.aliases.contains(word) }
  }

  /// What the REPL does itself with `line`, judged by its first word; `nil`: run it.
  static func atPrompt(_ line: String) -> AtPrompt? {
    (try? splitWords(line)).flatMap(atPrompt(words:))
  }

  /// What the REPL does itself with a line split into `words` (its first word decides).
  static func atPrompt(words: [String]) -> AtPrompt? {
    words.first.flatMap(named)?.atPrompt
  }

  /// What completion offers for the argument at `position` (0: the first after the word).
  func completes(at position: Int) -> ArgumentKind {
    arguments.isEmpty ? .none : arguments[min(position, arguments.count - 1)]
  }
}
