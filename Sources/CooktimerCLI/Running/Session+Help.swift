/// `help` and `help COMMAND`, from the command table (``CommandSpec/all``).
extension Session {
  /// - Parameter width: the columns to wrap to: the terminal's when stdout is one, else 80,
  ///   so help reads the same in a pipe, a pager or a REPL window of any size.
  func help(_ topic: String?, json: Bool = false, width: Int = 80) -> Output {
    var specs = CommandSpec.all
    if let topic {
      guard let spec = CommandSpec.named(topic) else {
        return failure(CLIError.usage("no command \"\(topic)\"; `help` lists them"), json: json)
      }
      specs = [spec]
    }
    if json {
      let entries = specs.map { ["command": $0.word, "usage": $0.usage, "summary": $0.summary] }
      return Output(stdout: encodeJSON(["commands": entries]) + "\n")
    }
    if let spec = specs.first, topic != nil {
      var lines = wordWrapped(spec.usage, width: width, indent: "       ")
      lines[0] = "usage: " + lines[0].dropFirst(7)
      lines += wordWrapped(spec.summary, width: width, indent: "  ")
      if !spec.detail.isEmpty { lines += wordWrapped(spec.detail, width: width, indent: "  ") }
      return Output(stdout: lines.joined(separator: "\n") + "\n")
    }
    var lines = ["usage: cooktimer [OPTIONS] [COMMAND]  (no command: the REPL)", "", "Commands:"]
    for spec in CommandSpec.all {
      lines += helpEntry(spec.usage, spec.summary, column: 34, width: width)
    }
    lines += ["", "Options (before or after the command):"]
    for (option, meaning) in Self.globalOptionsHelp {
      lines += helpEntry(option, meaning, column: 16, width: width)
    }
    lines.append("")
    lines += wordWrapped(
      "Durations: 90s, 8m, 8 min, 1h30m, 1.5h, 1:30, PT8M, 8 Minuten. RUN may be left out "
        + "when one run is active.", width: width, indent: "")
    return Output(stdout: lines.joined(separator: "\n") + "\n")
  }

  /// `  NAME  meaning…` with the meaning wrapped under itself at `column` + 3; a name too
  /// wide for its column stands on a line of its own.
  private func helpEntry(_ name: String, _ meaning: String, column: Int, width: Int) -> [String] {
    let indent = String(repeating: " ", count: column + 3)
    var lines = wordWrapped(meaning, width: width, indent: indent)
    guard name.count <= column else {
      return wordWrapped(name, width: width, indent: "  ") + lines
    }
    lines[0] = "  " + name.rightPad(column) + " " + lines[0].dropFirst(indent.count)
    return lines
  }

  /// The global options as `help` lists them (docs/cli.md §1, README "Where things live").
  private static let globalOptionsHelp = [
    (
      "--db PATH",
      "the database (default $COOKTIMER_DB, else $XDG_DATA_HOME/cooktimer/cooktimer.sqlite3, "
        + "else ~/.local/share/cooktimer/cooktimer.sqlite3)"
    ),
    (
      "--recipes DIR",
      "the recipes folder (default $COOKTIMER_RECIPES, else ./Recipes when there is one, else "
        + "$XDG_DATA_HOME/cooktimer/Recipes, else ~/.local/share/cooktimer/Recipes)"
    ),
    ("--now TIME", "act as if it were TIME (ISO 8601 or @UNIXSECONDS)"),
    ("--json", "one JSON document on stdout"),
    (
      "--topic ID",
      "the iOS app's bundle id for apns-topic, kept in the database by any command "
        + "($COOKTIMER_TOPIC, $COOKTIMER_BUNDLE_ID: this process, kept by changes)"
    ),
    (
      "--alerts STYLE",
      "push alerts as text (the recipe's language) or loc-keys, kept (also $COOKTIMER_ALERTS)"
    ),
    ("--on-alarm CMD", "run CMD when a timer fires (REPL; also $COOKTIMER_ON_ALARM)"),
    (
      "--ring MODE",
      "REPL alarms ring `once` or `repeat` (default) until a key or `ok` (also "
        + "$COOKTIMER_RING; every $COOKTIMER_RING_INTERVAL s, default 30)"
    ),
  ]
}
