import CooktimerCore

/// A command's positional arguments, consumed in order, and the command-specific options
/// given with it (each taken by the command that uses it; leftovers are usage errors).
struct Arguments {
  let command: String
  var words: [String]
  var options: LocalOptions

  /// Takes a command-specific option, so that it counts as used.
  mutating func take<T>(_ key: KeyPath<LocalOptions, T>, _ name: String) -> T {
    options.take(key, name)
  }

  /// `serve`'s proxy options, both counted as used.
  mutating func takeProxy() -> ServeProxyOptions {
    _ = options.take(\.proxy, "--trusted-proxy")
    return options.take(\.proxy, "--public-url")
  }

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

  /// A duration from the next words — `8m`, or unquoted `8 min`, `1 Std.`, `1 hour 30
  /// minutes` — leaving at most `trailing` words (the RUN; `add` also a TIMER before it).
  /// With `optional`, a lone word that is no duration but looks like a run id (3–8 letters
  /// and digits) is left as RUN.
  /// - Throws: the duration grammar's error (exit 64) for the words that were meant.
  mutating func duration(signed: Bool, optional: Bool = false, trailing: Int = 1) throws -> Int64? {
    guard !words.isEmpty else {
      if optional { return nil }
      throw CLIError.usage("`\(command)` needs DURATION; see `help \(command)`")
    }
    let parse: (String) throws -> Int64 =
      signed ? { try DurationText.parseSigned($0) } : { try DurationText.parse($0) }
    for n in stride(from: words.count, through: 1, by: -1) where words.count - n <= trailing {
      if let ms = try? parse(words[..<n].joined(separator: " ")) {
        words.removeFirst(n)
        return ms
      }
    }
    let last = words[words.count - 1]
    // Run ids: 3 characters before issue 26, 10 since (docs/cli.md §2.1).
    let idShaped =
      (3...12).contains(last.count)
      && last.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    let runShaped = idShaped && last.contains { $0.isLetter }
    // Ids can be all digits (`963`): such a word is left as RUN too, and when no run has it,
    // running the command reports the duration error (``CommandContext/refuseDurationTakenForRun(_:)``).
    if optional && words.count == 1 && idShaped { return nil }
    // Report the words meant as the duration: all of them, or all but a trailing RUN. A
    // word of letters right after a bare number sits where the unit goes (`5 parsecs`):
    // report it as the unit. Either way the command fails; only the message differs, so a
    // RUN after a duration that reads (`add 5m abc`) is never affected.
    var meant = words.count > 1 && runShaped ? words.dropLast() : words[...]
    if meant.count < words.count, let number = meant.last, Double(number) != nil,
      last.allSatisfy(\.isLetter)
    {
      meant = words[...]
    }
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

extension Arguments {
  /// `apikey create [--name N]`, `apikey list`, `apikey revoke NAME` (docs/api.md §2).
  mutating func apiKeyCommand() throws -> APIKeyCommand {
    let verb = try required("create, list or revoke")
    switch verb.lowercased() {
    case "create", "new": return .create(name: take(\.name, "--name"))
    case "list", "ls": return .list
    case "revoke", "rm": return .revoke(name: try required("NAME"))
    default:
      throw CLIError.usage("`apikey` takes create, list or revoke, not \"\(verb)\"")
    }
  }
}
