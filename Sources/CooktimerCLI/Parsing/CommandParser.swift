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
    var given: Set<String> = []
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
      func path(_ text: String) throws -> String {
        guard !text.isEmpty else { throw CLIError.usage("\(name) needs a path, not an empty word") }
        return text
      }
      func value() throws -> String {
        if let inline { return inline }
        guard let v = words.popFirst() else { throw CLIError.usage("\(name) needs a value") }
        // `migrate --to --db FILE` took `--db` as the URL: a value that is an option's word
        // is a value left out. One that really starts with `--` is written `--to=--x`.
        if v.hasPrefix("--") && v.count > 2 {
          throw CLIError.usage(
            "\(name) needs a value, not the option \(v) (write \(name)=\(v) if that is the value)")
        }
        return v
      }
      // A second `--to` (or `--db`, …) quietly won over the first: say which, once.
      // `--mark-sent` and `--trusted-proxy` add up (docs/cli.md §1.1, §8): they alone may
      // be repeated.
      guard Self.repeatable.contains(name) || given.insert(name).inserted else {
        throw CLIError.usage("\(name) is given twice; give it once")
      }
      switch name {
      // An empty path would quietly mean the default one (`$COOKTIMER_DB`, the home folder):
      // a database or folder the user did not name.
      case "--db": options.database = try path(try value())
      case "--recipes": options.recipes = try path(try value())
      case "--now": options.now = try parseInstant(try value())
      case "--json": options.json = true
      case "--topic":
        let topic = try value()
        guard !topic.isEmpty, !topic.contains(where: \.isWhitespace) else {
          throw CLIError.usage("--topic takes the app's bundle id, e.g. com.example.cooktimer")
        }
        options.topic = topic
      case "--alerts":
        let word = try value()
        guard let style = AlertStyle(rawValue: word.lowercased()) else {
          throw CLIError.usage("--alerts takes `text` or `loc-keys`, not \"\(word)\"")
        }
        options.alerts = style
      case "--on-alarm": options.onAlarm = try value()
      case "--ring":
        let word = try value()
        guard let mode = RingMode(rawValue: word.lowercased()) else {
          throw CLIError.usage("--ring takes `once` or `repeat`, not \"\(word)\"")
        }
        options.ring = mode
      case "--auto-advance": local.autoAdvance = true
      case "--dismissal": local.dismissal = try parseDismissal(try value())
      case "--priority": local.priority = try parsePriority(try value())
      case "--start": local.start = try parseInstant(try value())
      case "--mark-sent": local.markSent.append(contentsOf: try parseIDs(try value()))
      case "--limit": local.limit = try parseCount(try value(), "--limit")
      case "--after": local.after = Int64(try parseCount(try value(), "--after"))
      case "--help": local.help = true
      case "--version": local.version = true
      // `serve` and `apikey` (Serve/ServeCommands.swift).
      case "--locale": local.locale = try value()
      case "--api": local.api = true
      case "--attributes-type":
        let name = try value()
        guard isAttributesTypeName(name) else {
          throw CLIError.usage(
            "--attributes-type takes a Swift type name (letters, digits, _; not a keyword "
              + "nor a name the declaration uses, such as String or Codable), not \"\(name)\"")
        }
        local.attributesType = name
      case "--listen": local.listen = try value()
      case "--no-send": local.noSend = true
      case "--trusted-proxy":
        local.proxy.trustedProxies.append(try ServeProxyOptions.trustedProxy(try value()))
      case "--public-url": local.proxy.publicURL = try ServeProxyOptions.publicURL(try value())
      case "--tls": local.tls = true
      case "--tls-cert": local.tlsCertificate = try value()
      case "--tls-key": local.tlsKey = try value()
      case "--name": local.name = try value()
      case "--to": local.to = try value()
      // `import` and `start` (Recipes/).
      case "--force": local.force = true
      case "--prose-timers": local.proseTimers = true
      default:
        if try local.delivery.accept(name, value) { break }
        // `add -30s` style values start with one dash only, so `--x` is always an option.
        throw CLIError.usage("unknown option \(name); see `cooktimer help`")
      }
    }
    if local.help {
      return Invocation(options: options, command: .help(topic: positional.first), word: "help")
    }
    if local.version {
      return Invocation(options: options, command: .version, word: "version")
    }
    guard let name = positional.first else {
      try local.expectUnused(for: nil)
      return Invocation(options: options, command: nil)
    }
    let (command, spec) = try makeCommand(name, Array(positional.dropFirst()), &local)
    try local.expectUnused(for: name)
    return Invocation(
      options: options, command: command, word: spec.word,
      arguments: Array(positional.dropFirst()))
  }

  /// The command `name` names, read from its arguments by its ``CommandSpec``.
  private static func makeCommand(
    _ name: String, _ words: [String], _ local: inout LocalOptions
  ) throws -> (Command, CommandSpec) {
    guard let spec = CommandSpec.named(name) else {
      let words = CommandSpec.all.flatMap { [$0.word] + $0.aliases }
      let near = NearMiss.matches(name, in: words.filter { $0.count > 2 })
      let hint = near.isEmpty ? "" : "did you mean \(NearMiss.alternatives(near))? "
      throw CLIError.usage("unknown command \"\(name)\"; \(hint)type `help` for the list")
    }
    var args = Arguments(command: name, words: words, options: local)
    let command = try spec.parse(&args)
    try args.expectEnd()
    local = args.options
    return (command, spec)
  }

  /// The options that may be given more than once: their values add up.
  static let repeatable: Set<String> = ["--mark-sent", "--trusted-proxy"]

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

  static func parseCount(_ text: String, _ option: String) throws -> Int {
    guard let n = Int(text), n >= 0 else {
      throw CLIError.usage("\(option) takes a whole number, not \(text)")
    }
    return n
  }

  static func parseIDs(_ text: String) throws -> [Int64] {
    guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw CLIError.usage("--mark-sent takes outbox ids such as 3,4,5, not nothing")
    }
    return try text.split(separator: ",").map { part in
      guard let id = Int64(part.trimmingCharacters(in: .whitespaces)) else {
        throw CLIError.usage("--mark-sent takes outbox ids such as 3,4,5, not \(text)")
      }
      return id
    }
  }
}
