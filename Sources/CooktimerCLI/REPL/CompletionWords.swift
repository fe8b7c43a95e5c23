import CooktimerActivity

/// What tab completion offers at the REPL: a command for the first word; then what that
/// command's ``CommandSpec`` says its arguments are — recipe names, run ids, push events.
struct CompletionWords {
  var recipes: [String] = []
  var runs: [String] = []

  /// What may come after `words` (the command word first, if typed).
  func candidates(after words: [String]) -> [String] {
    guard let word = words.first else { return CommandSpec.all.map(\.word) }
    switch CommandSpec.named(word)?.completes(at: words.count - 1) ?? .none {
    case .recipe: return recipes
    case .run: return runs
    case .command: return CommandSpec.all.map(\.word)
    case .pushEvent: return PushEvent.allCases.map(\.rawValue)
    case .none: return []
    }
  }
}
