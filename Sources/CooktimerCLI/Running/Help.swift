/// One line of `help` per command, and the longer text of `help COMMAND`.
struct HelpEntry {
  let usage: String
  let summary: String
  let detail: String
}

let helpEntries: [String: HelpEntry] = [
  "recipes": HelpEntry(
    usage: "recipes", summary: "list the recipes found",
    detail:
      "Lists the .cook files of the recipes folder and its subfolders (--recipes DIR, $COOKTIMER_RECIPES, ./Recipes), by path without .cook (Breakfast/Pancakes)."
  ),
  "show": HelpEntry(
    usage: "show RECIPE", summary: "a recipe's steps and timers",
    detail:
      "RECIPE is its name (Breakfast/Pancakes), its file name when unique, its title, or a path. Times the steps name in words are listed as suggested timers (s1…). --json: {name, steps, warnings}."
  ),
  "start": HelpEntry(
    usage: "start RECIPE [--auto-advance] [--prose-timers]",
    summary: "start a run at step 1; prints its id",
    detail:
      "With --auto-advance each next step starts the instant the last timer of a step fires. With --prose-timers the times the steps name in words (`show` lists them as suggested timers) run as timers."
  ),
  "status": HelpEntry(
    usage: "status [RUN]", summary: "one run, or all active runs",
    detail: "Every timer of the steps reached, numbered for skip/cancel/begin."),
  "pause": HelpEntry(
    usage: "pause [RUN]", summary: "pause every timer of the run",
    detail: "Each timer keeps its remaining time. Pausing a paused run changes nothing."),
  "resume": HelpEntry(
    usage: "resume [RUN]", summary: "resume every paused timer",
    detail: "Each new end = now + remaining time. Resuming a running run changes nothing."),
  "next": HelpEntry(
    usage: "next [RUN]", summary: "move on to the next step and start it",
    detail:
      "Running timers keep running; timers of the step not yet started are skipped. On the last step, finishes the run."
  ),
  "add": HelpEntry(
    usage: "add DURATION [RUN]", summary: "add time to the shown timer (add 1m, add -30s)",
    detail: "The shown timer is the live one that fires soonest. Refused if it would leave no time."
  ),
  "skip": HelpEntry(
    usage: "skip TIMER [RUN]", summary: "skip a timer (its number in status, or its name)",
    detail: "A running timer stops without ringing and the timer after it starts now."),
  "cancel": HelpEntry(
    usage: "cancel TIMER [RUN]", summary: "cancel a timer; nothing starts after it",
    detail: "TIMER is its number in status, or its name."),
  "begin": HelpEntry(
    usage: "begin TIMER [DURATION] [RUN]", summary: "start a waiting timer now",
    detail:
      "Give a length for a timer the recipe left without one: `begin rest 10m`, "
      + "`begin rest until 18:42`, `begin rest at 6:42pm` (the next such time, local zone)."),
  "restart": HelpEntry(
    usage: "restart [RUN]", summary: "start the current step again",
    detail: "The step's timers go back to their recipe durations."),
  "stop": HelpEntry(
    usage: "stop [RUN]", summary: "end the run; live timers are cancelled",
    detail: "A stopped run is kept; name it to see it (status RUN)."),
  "timeline": HelpEntry(
    usage: "timeline [RUN]", summary: "when each step will start and end, and when it is done",
    detail:
      "Assumes the run goes on untouched: a paused run resumed now, untimed steps done at once."),
  "watch": HelpEntry(
    usage: "watch", summary: "live countdowns with progress bars (REPL only)",
    detail: "Keys: p pause/resume, n next, + add 1 min, Tab next run, q or Ctrl-C back."),
  "content": HelpEntry(
    usage: "content [RUN]", summary: "the ActivityContent JSON of the run now",
    detail: "Dates in content-state are seconds since 2001-01-01 (ActivityKit's default decoding)."),
  "payload": HelpEntry(
    usage: "payload EVENT [RUN]", summary: "the APNs Live Activity push body (start, update, end)",
    detail:
      "Prints the exact bytes to POST; --json gives {headers, body}. Every call takes the run's "
      + "next timestamp. Options: --priority 5|10; for end, --dismissal default|immediate|TIME."
  ),
  "contract": HelpEntry(
    usage: "contract", summary: "the app's ActivityAttributes Swift declaration",
    detail: "Paste it into the iOS app so both sides decode the same fields."),
  "plan": HelpEntry(
    usage: "plan RECIPE [--start TIME]", summary: "the push schedule of a whole auto-advancing run",
    detail:
      "JSON lines: sendAt, event, priority, target (push-to-start or activity 1, 2, …), headers, body. "
      + "Assumes the cook moves on 1 minute after each step that waits for them; an activity is "
      + "replaced 10 minutes before its 8-hour limit."
  ),
  "outbox": HelpEntry(
    usage: "outbox [--mark-sent ID,ID]", summary: "pending Live Activity pushes as JSON lines",
    detail:
      "Each state change queues its push in the same transaction; mark them sent once delivered."),
  "import": HelpEntry(
    usage: "import FILE|URL [--name NAME] [--force]",
    summary: "a web page's recipe into the recipes folder",
    detail:
      "Reads the schema.org Recipe (JSON-LD) of a saved page or a URL and writes NAME.cook (default: its title). An existing file is kept (exit 73) unless --force."
  ),
  "help": HelpEntry(usage: "help [COMMAND]", summary: "this list, or one command", detail: ""),
  "quit": HelpEntry(
    usage: "quit", summary: "leave the REPL (also Ctrl-D); timers keep running", detail: ""),
]

let helpOrder = [
  "recipes", "show", "start", "status", "pause", "resume", "next", "add", "skip", "cancel",
  "begin", "restart", "stop", "timeline", "watch", "content", "payload", "contract", "plan",
  "outbox", "import", "help", "quit",
]

/// Commands offered by tab completion.
let helpTopics = helpOrder

extension Session {
  func help(_ topic: String?, json: Bool = false) -> Output {
    if json {
      let names = topic.map { [$0.lowercased()] } ?? helpOrder
      let entries = names.compactMap { name in
        helpEntries[name].map { ["command": name, "usage": $0.usage, "summary": $0.summary] }
      }
      if entries.isEmpty, let topic {
        return failure(CLIError.usage("no command \"\(topic)\"; `help` lists them"), json: true)
      }
      return Output(stdout: encodeJSON(["commands": entries]) + "\n")
    }
    if let topic {
      guard let entry = helpEntries[topic.lowercased()] else {
        return Output(
          stderr: ["cooktimer: no command \"\(topic)\"; `help` lists them"],
          status: ExitStatus.usage)
      }
      let detail = entry.detail.isEmpty ? "" : "  \(entry.detail)\n"
      return Output(stdout: "usage: \(entry.usage)\n  \(entry.summary)\n" + detail)
    }
    var text = "usage: cooktimer [OPTIONS] [COMMAND]  (no command: the REPL)\n\nCommands:\n"
    for name in helpOrder {
      let entry = helpEntries[name]!
      text +=
        "  " + entry.usage.rightPad(34) + " "
        + entry.summary + "\n"
    }
    text += """

      Options (before or after the command):
        --db PATH        the database (default $COOKTIMER_DB, else $XDG_DATA_HOME/cooktimer/cooktimer.sqlite3,
                         else ~/.local/share/cooktimer/cooktimer.sqlite3)
        --recipes DIR    the recipes folder (default $COOKTIMER_RECIPES, else ./Recipes)
        --now TIME       act as if it were TIME (ISO 8601 or @UNIXSECONDS)
        --json           one JSON document on stdout
        --topic ID       the iOS app's bundle id for apns-topic (default $COOKTIMER_BUNDLE_ID)
        --on-alarm CMD   run CMD when a timer fires (REPL; also $COOKTIMER_ON_ALARM)

      Durations: 90s, 8m, 8 min, 1h30m, 1.5h, 1:30, PT8M, 8 Minuten. RUN may be left out when one run is active.

      """
    return Output(stdout: text)
  }
}
