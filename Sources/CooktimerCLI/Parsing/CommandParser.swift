import CooktimerActivity
import CooktimerCore

/// Turns words into an ``Invocation``. The same parser serves argv and each REPL line.
///
/// Global options may come before or after the command; `--` ends options.
/// - Throws: `CLIError.usage` (exit 64) for unknown commands/options and wrong arguments;
///   `CoreError.invalidDuration`/`.invalidTime` (exit 64) for unreadable values.
public enum CommandParser {
  public static func parse(_ arguments: [String]) throws -> Invocation {
    var options = GlobalOptions()
    var local = LocalOptions()
    var positional: [String] = []
    var words = arguments[...]
    var optionsEnded = false
    while let word = words.popFirst() {
      if optionsEnded || !word.hasPrefix("--") || word == "--" {
        if word == "--" && !optionsEnded {
          optionsEnded = true
        } else if !optionsEnded && (word == "-h") {
          local.help = true
        } else {
          positional.append(word)
        }
        continue
      }
      var name = word
      var inline: String?
      if let eq = word.firstIndex(of: "=") {
        name = String(word[..<eq])
        inline = String(word[word.index(after: eq)...])
      }
      func value() throws -> String {
        if let inline { return inline }
        guard let v = words.popFirst() else { throw CLIError.usage("\(name) needs a value") }
        return v
      }
      switch name {
      case "--db": options.database = try value()
      case "--recipes": options.recipes = try value()
      case "--now": options.now = try parseInstant(try value())
      case "--json": options.json = true
      case "--topic":
        let topic = try value()
        guard !topic.isEmpty, !topic.contains(where: \.isWhitespace) else {
          throw CLIError.usage("--topic takes the app's bundle id, e.g. com.example.cooktimer")
        }
        options.topic = topic
      case "--on-alarm": options.onAlarm = try value()
      case "--auto-advance": local.autoAdvance = true
      case "--name": local.name = try value()
      case "--force": local.force = true
      case "--prose-timers": local.proseTimers = true
      case "--dismissal": local.dismissal = try parseDismissal(try value())
      case "--priority": local.priority = try parsePriority(try value())
      case "--start": local.start = try parseInstant(try value())
      case "--mark-sent": local.markSent.append(contentsOf: try parseIDs(try value()))
      case "--help": local.help = true
      default:
        // `add -30s` style values start with one dash only, so `--x` is always an option.
        throw CLIError.usage("unknown option \(name); see `cooktimer help`")
      }
    }
    if local.help {
      return Invocation(options: options, command: .help(topic: positional.first))
    }
    guard let name = positional.first else {
      try local.expectUnused(for: nil)
      return Invocation(options: options, command: nil)
    }
    let command = try makeCommand(name, Array(positional.dropFirst()), &local)
    try local.expectUnused(for: name)
    return Invocation(options: options, command: command)
  }

  private static func makeCommand(
    _ name: String, _ args: [String], _ local: inout LocalOptions
  ) throws -> Command {
    var args = Arguments(command: name, words: args)
    let command: Command
    switch name.lowercased() {
    case "recipes", "ls": command = .recipes
    case "show": command = .show(recipe: try args.required("RECIPE", joinRest: true))
    case "start":
      command = .start(
        recipe: try args.required("RECIPE", joinRest: true),
        autoAdvance: local.take(\.autoAdvance, "--auto-advance"),
        proseTimers: local.take(\.proseTimers, "--prose-timers"))
    case "status": command = .status(run: args.optional())
    case "pause": command = .pause(run: args.optional())
    case "resume": command = .resume(run: args.optional())
    case "next": command = .next(run: args.optional())
    case "add":
      let amount = try args.duration(signed: true)!
      command = .add(milliseconds: amount, run: args.optional())
    case "stop": command = .stop(run: args.optional())
    case "skip": command = .skip(timer: try args.required("TIMER"), run: args.optional())
    case "cancel": command = .cancel(timer: try args.required("TIMER"), run: args.optional())
    case "begin":
      let timer = try args.required("TIMER")
      var duration: Int64?
      let until = try args.clockTime()
      if until == nil { duration = try args.duration(signed: false, optional: true) }
      command = .begin(timer: timer, milliseconds: duration, until: until, run: args.optional())
    case "restart": command = .restart(run: args.optional())
    case "timeline", "eta": command = .timeline(run: args.optional())
    case "content": command = .content(run: args.optional())
    case "payload":
      let word = try args.required("EVENT")
      guard let event = PushEventName(rawValue: word.lowercased()) else {
        throw CLIError.usage("unknown push event \"\(word)\": use start, update or end")
      }
      if local.dismissal != nil && event != .end {
        throw CLIError.usage("--dismissal applies to `payload end` only")
      }
      command = .payload(
        event: event, run: args.optional(), dismissal: local.take(\.dismissal, "--dismissal"),
        priority: local.take(\.priority, "--priority"))
    case "contract": command = .contract
    case "import":
      command = .importRecipe(
        source: try args.required("FILE or URL", joinRest: true),
        name: local.take(\.name, "--name"),
        force: local.take(\.force, "--force"))
    case "plan":
      command = .plan(
        recipe: try args.required("RECIPE", joinRest: true), start: local.take(\.start, "--start"))
    case "outbox": command = .outbox(markSent: local.take(\.markSent, "--mark-sent"))
    case "watch": command = .watch
    case "help", "?": command = .help(topic: args.optional())
    case "quit", "exit": command = .quit
    default:
      throw CLIError.usage("unknown command \"\(name)\"; type `help` for the list")
    }
    try args.expectEnd()
    return command
  }

  static func parseDismissal(_ text: String) throws -> Dismissal {
    switch text.lowercased() {
    case "default": return .systemDefault
    case "immediate", "now": return .immediate
    default: return .at(try parseInstant(text))
    }
  }

  static func parsePriority(_ text: String) throws -> Int {
    guard let p = Int(text), p == 5 || p == 10 else {
      throw CLIError.usage("--priority must be 5 or 10, not \(text)")
    }
    return p
  }

  static func parseIDs(_ text: String) throws -> [Int64] {
    try text.split(separator: ",").map { part in
      guard let id = Int64(part.trimmingCharacters(in: .whitespaces)) else {
        throw CLIError.usage("--mark-sent takes outbox ids such as 3,4,5, not \(text)")
      }
      return id
    }
  }
}

/// Command-specific options, which each command consumes; leftovers are usage errors.
private struct LocalOptions {
  var autoAdvance = false
  var proseTimers = false
  var name: String?
  var force = false
  var dismissal: Dismissal?
  var priority: Int?
  var start: Instant?
  var markSent: [Int64] = []
  var help = false
  private var used: Set<String> = []

  mutating func take<T>(_ key: KeyPath<LocalOptions, T>, _ name: String) -> T {
    used.insert(name)
    return self[keyPath: key]
  }

  func expectUnused(for command: String?) throws {
    let given: [(String, Bool)] = [
      ("--auto-advance", autoAdvance), ("--prose-timers", proseTimers),
      ("--name", name != nil), ("--force", force),
      ("--dismissal", dismissal != nil),
      ("--priority", priority != nil), ("--start", start != nil),
      ("--mark-sent", !markSent.isEmpty),
    ]
    for (name, isSet) in given where isSet && !used.contains(name) {
      let target = command.map { "`\($0)`" } ?? "this command"
      throw CLIError.usage("\(name) does not apply to \(target)")
    }
  }
}

/// A command's positional arguments, consumed in order.
private struct Arguments {
  let command: String
  var words: [String]

  mutating func required(_ name: String, joinRest: Bool = false) throws -> String {
    guard !words.isEmpty else {
      throw CLIError.usage("`\(command)` needs \(name); see `help \(command)`")
    }
    if joinRest {
      // Recipe titles have spaces: `start Soft boiled eggs` works without quotes.
      defer { words.removeAll() }
      return words.joined(separator: " ")
    }
    return words.removeFirst()
  }

  mutating func optional() -> String? {
    words.isEmpty ? nil : words.removeFirst()
  }

  func peek() -> String? { words.first }

  /// A duration from the next words — `8m`, or unquoted `8 min`, `1 Std.`, `1 hour 30
  /// minutes` — leaving at most one word (the RUN). With `optional`, a lone word that is no
  /// duration but looks like a run id (3–8 letters and digits, one a letter) is left as RUN.
  /// - Throws: the duration grammar's error (exit 64) for the words that were meant.
  mutating func duration(signed: Bool, optional: Bool = false) throws -> Int64? {
    guard !words.isEmpty else {
      if optional { return nil }
      throw CLIError.usage("`\(command)` needs DURATION; see `help \(command)`")
    }
    let parse: (String) throws -> Int64 =
      signed ? { try DurationText.parseSigned($0) } : { try DurationText.parse($0) }
    for n in stride(from: words.count, through: 1, by: -1) where words.count - n <= 1 {
      if let ms = try? parse(words[..<n].joined(separator: " ")) {
        words.removeFirst(n)
        return ms
      }
    }
    let last = words[words.count - 1]
    let runShaped =
      (3...8).contains(last.count) && last.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
      && last.contains { $0.isLetter }
    if optional && words.count == 1 && runShaped { return nil }
    // Report the words meant as the duration: all of them, or all but a trailing RUN.
    let meant = words.count > 1 && runShaped ? words.dropLast() : words[...]
    _ = try parse(meant.joined(separator: " "))
    throw CLIError.usage("cannot read a duration in \(words.joined(separator: " "))")
  }

  /// `until 18:42`, `at 6:42 pm`, or the same quoted as one word; `nil` if the next word
  /// does not start one. Leaves the RUN, if any.
  mutating func clockTime() throws -> String? {
    guard let first = words.first?.lowercased() else { return nil }
    let words0 = first.split(separator: " ").map(String.init)
    guard let lead = words0.first, ["until", "at", "bis", "um"].contains(lead) else { return nil }
    words.removeFirst()
    var text = first
    if words0.count == 1 {
      guard !words.isEmpty else {
        throw CLIError.usage("`\(command) … \(lead)` needs a time, e.g. \(lead) 18:42")
      }
      text += " " + words.removeFirst()
    }
    if let next = words.first?.lowercased(), ["am", "pm", "a.m.", "p.m."].contains(next) {
      text += words.removeFirst()
    } else if words.first?.lowercased() == "uhr" {
      text += " " + words.removeFirst()
    }
    return text
  }

  func expectEnd() throws {
    guard words.isEmpty else {
      throw CLIError.usage(
        "unexpected \(words.map { "\"\($0)\"" }.joined(separator: " ")) after `\(command)`")
    }
  }
}
