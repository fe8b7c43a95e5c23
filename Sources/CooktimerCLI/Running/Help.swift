/// `help` and `help COMMAND`, from the command table (``CommandSpec/all``).
extension Session {
  func help(_ topic: String?, json: Bool = false) -> Output {
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
      let detail = spec.detail.isEmpty ? "" : "  \(spec.detail)\n"
      return Output(stdout: "usage: \(spec.usage)\n  \(spec.summary)\n" + detail)
    }
    var text = "usage: cooktimer [OPTIONS] [COMMAND]  (no command: the REPL)\n\nCommands:\n"
    for spec in CommandSpec.all {
      text += "  " + spec.usage.rightPad(34) + " " + spec.summary + "\n"
    }
    text += """

      Options (before or after the command):
        --db PATH        the database (default $COOKTIMER_DB, else $XDG_DATA_HOME/cooktimer/cooktimer.sqlite3,
                         else ~/.local/share/cooktimer/cooktimer.sqlite3)
        --recipes DIR    the recipes folder (default $COOKTIMER_RECIPES, else ./Recipes)
        --now TIME       act as if it were TIME (ISO 8601 or @UNIXSECONDS)
        --json           one JSON document on stdout
        --topic ID       the iOS app's bundle id for apns-topic, kept in the database
                         (also $COOKTIMER_TOPIC or $COOKTIMER_BUNDLE_ID)
        --alerts STYLE   push alerts as text (the recipe's language) or loc-keys, kept
                         (also $COOKTIMER_ALERTS)
        --on-alarm CMD   run CMD when a timer fires (REPL; also $COOKTIMER_ON_ALARM)
        --ring MODE      REPL alarms ring `once` or `repeat` (default) until a key or `ok`
                         (also $COOKTIMER_RING; every $COOKTIMER_RING_INTERVAL s, default 30)

      Durations: 90s, 8m, 8 min, 1h30m, 1.5h, 1:30, PT8M, 8 Minuten. RUN may be left out when one run is active.

      """
    return Output(stdout: text)
  }
}
