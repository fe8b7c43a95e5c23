import CooktimerActivity
import Testing

@testable import CooktimerCLI

/// The command table is the one list the parser, `help`, completion and the REPL read.
@Suite("Command table")
struct CommandTableTests {
  @Test func wordsAndAliasesNameOneCommandEach() {
    let names = CommandSpec.all.flatMap { [$0.word] + $0.aliases }
    #expect(Set(names).count == names.count)
    #expect(names.allSatisfy { $0 == $0.lowercased() })
  }

  @Test func everyCommandIsInHelpInTableOrder() {
    let session = Session(options: GlobalOptions(), environment: [:])
    let text = session.help(nil).stdout
    var rest = text[...]
    for spec in CommandSpec.all {
      // Each entry's first line starts with its usage (the summary may wrap below it).
      let line = "\n  " + spec.usage + (spec.usage.count < 34 ? " " : "\n")
      let found = rest.range(of: line)
      #expect(found != nil, "\(spec.word)")
      if let found { rest = rest[found.upperBound...] }
    }
  }

  @Test func anAliasShowsItsCommandsHelp() {
    let session = Session(options: GlobalOptions(), environment: [:])
    #expect(session.help("ls") == session.help("recipes"))
    #expect(session.help("ETA").stdout.hasPrefix("usage: timeline [RUN]\n"))
    #expect(session.help("frob").status == 64)
  }

  @Test func anAliasParsesAsItsCommand() throws {
    let eta = try CommandParser.parse(["eta", "k4m"])
    #expect(eta.command == .timeline(run: "k4m"))
    #expect(eta.word == "timeline")
    #expect(try CommandParser.parse(["LS"]).command == .recipes)
  }

  @Test func completionFollowsEachCommandsArguments() {
    let words = CompletionWords(recipes: ["pasta", "tea"], runs: ["k4m"])
    let commands = CommandSpec.all.map(\.word)
    #expect(words.candidates(after: []) == commands)
    #expect(words.candidates(after: ["show"]) == ["pasta", "tea"])
    #expect(words.candidates(after: ["start", "soft"]) == ["pasta", "tea"])
    #expect(words.candidates(after: ["pause"]) == ["k4m"])
    #expect(words.candidates(after: ["add", "1m"]) == ["k4m"])
    #expect(words.candidates(after: ["eta"]) == ["k4m"])
    #expect(words.candidates(after: ["payload"]) == ["start", "update", "end"])
    #expect(words.candidates(after: ["payload", "end"]) == ["k4m"])
    #expect(words.candidates(after: ["help"]) == commands)
    #expect(words.candidates(after: ["help", "add"]) == [])
    #expect(words.candidates(after: ["outbox"]) == [])
    #expect(words.candidates(after: ["frob"]) == [])
  }

  @Test func theREPLLeavesAndWatchesByTheTable() {
    #expect(CommandSpec.atPrompt("quit") == .leave)
    #expect(CommandSpec.atPrompt("  EXIT ") == .leave)
    #expect(CommandSpec.atPrompt("watch") == .watch)
    #expect(CommandSpec.atPrompt("status") == nil)
    #expect(CommandSpec.atPrompt("") == nil)
    #expect(CommandSpec.atPrompt("show \"open") == nil)
  }

  /// The changes to a run are spelled once, in `CookAction`: each is a command of the table.
  @Test func everyTransitionWordIsACommand() {
    for action in CookAction.allCases {
      #expect(CommandSpec.named(action.rawValue)?.word == action.rawValue)
    }
  }
}
