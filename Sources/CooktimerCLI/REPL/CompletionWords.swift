/// What tab completion offers at the REPL: a command for the first word; then what that
/// command takes — recipe names, run ids, push events.
struct CompletionWords {
  var recipes: [String] = []
  var runs: [String] = []

  /// What may come after `words`: a command first, then the kind of word that command takes.
  func candidates(after words: [String]) -> [String] {
    guard let command = words.first?.lowercased() else { return helpTopics }
    switch command {
    case "show", "start", "plan": return recipes
    case "help": return words.count == 1 ? helpTopics : []
    case "payload": return words.count == 1 ? ["start", "update", "end"] : runs
    case "recipes", "contract", "outbox", "watch", "quit", "exit": return []
    default: return runs
    }
  }
}
