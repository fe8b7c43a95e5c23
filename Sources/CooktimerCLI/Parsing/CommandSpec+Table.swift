import CooktimerActivity
import CooktimerCore

extension CommandSpec {
  /// Every command, in the order `help` lists them. The words of the changes to a run are
  /// ``CookAction``'s, the one list the service's ``RunAction``, the push rule and the
  /// HTTP routes read too.
  static let all: [CommandSpec] = [
    CommandSpec(
      word: "recipes", aliases: ["ls"], usage: "recipes", summary: "list the recipes found",
      detail:
        "Lists the .cook files of the recipes folder (--recipes DIR, $COOKTIMER_RECIPES, ./Recipes)."
    ) { _ in .recipes },
    CommandSpec(
      word: "show", usage: "show RECIPE", summary: "a recipe's steps and timers",
      detail:
        "RECIPE is a title, a file name without .cook, or a path. --json: {name, steps, warnings}.",
      arguments: [.recipe]
    ) { args in .show(recipe: try args.required("RECIPE", joinRest: true)) },
    CommandSpec(
      word: "start", usage: "start RECIPE [--auto-advance] [--prose-timers]",
      summary: "start a run at step 1; prints its id",
      detail:
        "With --auto-advance each next step starts the instant the last timer of a step fires. "
        + "With --prose-timers the times the steps name in words (`show` lists them as "
        + "suggested timers) run as timers.",
      arguments: [.recipe]
    ) { args in
      .start(
        recipe: try args.required("RECIPE", joinRest: true),
        autoAdvance: args.take(\.autoAdvance, "--auto-advance"),
        proseTimers: args.take(\.proseTimers, "--prose-timers"))
    },
    CommandSpec(
      word: "status", usage: "status [RUN]", summary: "one run, or all active runs",
      detail: "Every timer of the steps reached, numbered for skip/cancel/begin.", arguments: [.run]
    ) { args in .status(run: args.optional()) },
    CommandSpec(
      word: CookAction.pause.rawValue, usage: "pause [RUN]",
      summary: "pause every timer of the run",
      detail: "Each timer keeps its remaining time. Pausing a paused run changes nothing.",
      arguments: [.run]
    ) { args in .pause(run: args.optional()) },
    CommandSpec(
      word: CookAction.resume.rawValue, usage: "resume [RUN]", summary: "resume every paused timer",
      detail: "Each new end = now + remaining time. Resuming a running run changes nothing.",
      arguments: [.run]
    ) { args in .resume(run: args.optional()) },
    CommandSpec(
      word: CookAction.next.rawValue, usage: "next [RUN]",
      summary: "move on to the next step and start it",
      detail:
        "Running timers keep running; timers of the step not yet started are skipped. On the "
        + "last step, finishes the run.",
      arguments: [.run]
    ) { args in .next(run: args.optional()) },
    CommandSpec(
      word: CookAction.add.rawValue, usage: "add DURATION [TIMER] [RUN]",
      summary: "add time to the shown timer, or to TIMER (add 1m, add -30s, add 2m Nudeln)",
      detail:
        "The shown timer is the live one that fires soonest; TIMER is a number in status or a "
        + "name. Refused if it would leave no time.",
      arguments: [.run]
    ) { args in
      let amount = try args.duration(signed: true, trailing: 2)!
      let first = args.optional()
      if let second = args.optional() {
        return .add(milliseconds: amount, timer: first, run: second)
      }
      return .add(milliseconds: amount, run: first)
    },
    CommandSpec(
      word: CookAction.skip.rawValue, usage: "skip TIMER [RUN]",
      summary: "skip a timer (its number in status, or its name)",
      detail: "A running timer stops without ringing and the timer after it starts now.",
      arguments: [.run]
    ) { args in .skip(timer: try args.required("TIMER"), run: args.optional()) },
    CommandSpec(
      word: CookAction.cancel.rawValue, usage: "cancel TIMER [RUN]",
      summary: "cancel a timer; nothing starts after it",
      detail: "TIMER is its number in status, or its name.", arguments: [.run]
    ) { args in .cancel(timer: try args.required("TIMER"), run: args.optional()) },
    CommandSpec(
      word: CookAction.begin.rawValue, usage: "begin TIMER [DURATION | until TIME | at TIME] [RUN]",
      summary: "start a waiting timer now",
      detail:
        "Give a length for a timer the recipe left without one: `begin rest 10m`, "
        + "`begin rest until 18:42`, `begin rest at 6:42pm` (the next such time, local zone).",
      arguments: [.run]
    ) { args in
      let timer = try args.required("TIMER")
      let until = try args.clockTime()
      if let until { try DurationText.checkClockTime(until) }
      let duration = until == nil ? try args.duration(signed: false, optional: true) : nil
      return .begin(timer: timer, milliseconds: duration, until: until, run: args.optional())
    },
    CommandSpec(
      word: CookAction.restart.rawValue, usage: "restart [RUN]",
      summary: "start the current step again",
      detail: "The step's timers go back to their recipe durations.", arguments: [.run]
    ) { args in .restart(run: args.optional()) },
    CommandSpec(
      word: CookAction.stop.rawValue, usage: "stop [RUN]",
      summary: "end the run; live timers are cancelled",
      detail: "A stopped run is kept; name it to see it (status RUN).", arguments: [.run]
    ) { args in .stop(run: args.optional()) },
    CommandSpec(
      word: "timeline", aliases: ["eta"], usage: "timeline [RUN]",
      summary: "when each step will start and end, and when it is done",
      detail:
        "Assumes the run goes on untouched: a paused run resumed now, untimed steps done at once.",
      arguments: [.run]
    ) { args in .timeline(run: args.optional()) },
    CommandSpec(
      word: "watch", usage: "watch", summary: "live countdowns with progress bars (REPL only)",
      detail: "Keys: p pause/resume, n next, + add 1 min, Tab next run, q or Ctrl-C back.",
      atPrompt: .watch
    ) { _ in .watch },
    CommandSpec(
      word: "content", usage: "content [RUN]", summary: "the ActivityContent JSON of the run now",
      detail:
        "Dates in content-state are seconds since 2001-01-01 (ActivityKit's default decoding).",
      arguments: [.run]
    ) { args in .content(run: args.optional()) },
    CommandSpec(
      word: "payload", usage: "payload EVENT [RUN]",
      summary: "the APNs Live Activity push body (start, update, end)",
      detail:
        "Prints the exact bytes to POST; --json gives {headers, body}. A preview: it shows the "
        + "timestamp the run's next push would take and takes none. Options: --priority 5|10; "
        + "for end, --dismissal default|immediate|TIME.",
      arguments: [.pushEvent, .run]
    ) { args in
      let word = try args.required("EVENT")
      guard let event = PushEvent(rawValue: word.lowercased()) else {
        throw CLIError.usage("unknown push event \"\(word)\": use start, update or end")
      }
      if args.options.dismissal != nil && event != .end {
        throw CLIError.usage("--dismissal applies to `payload end` only")
      }
      return .payload(
        event: event, run: args.optional(), dismissal: args.take(\.dismissal, "--dismissal"),
        priority: args.take(\.priority, "--priority"))
    },
    CommandSpec(
      word: "contract", usage: "contract [--api] [--attributes-type NAME]",
      summary: "the app's Live Activity type (Swift), or the HTTP API's types",
      detail:
        "The file of the library product CookingTimerAttributes (Foundation only; the app adds "
        + "`extension CookingTimerAttributes: ActivityAttributes {}`): depend on it or paste it. "
        + "--attributes-type NAME renames the struct; --api prints CooktimerAPITypes instead; "
        + "--json gives {declaration, api}."
    ) { args in
      let api = args.take(\.api, "--api")
      let name = args.take(\.attributesType, "--attributes-type")
      if api && name != nil {
        throw CLIError.usage("--attributes-type renames the Live Activity type: not with --api")
      }
      return .contract(api: api, attributesType: name)
    },
    CommandSpec(
      word: "strings", usage: "strings [--locale en|de]",
      summary: "the app's string table for --alerts loc-keys",
      detail:
        "An Xcode String Catalog (Localizable.xcstrings, JSON): every key an alert carries, "
        + "in English and German, or only the language --locale names."
    ) { args in .strings(locale: args.take(\.locale, "--locale")) },
    CommandSpec(
      word: "plan", usage: "plan RECIPE [--start TIME]",
      summary: "the push schedule of a whole auto-advancing run",
      detail:
        "JSON lines: sendAt, event, priority, target (push-to-start or activity 1, 2, …), "
        + "headers, body. Assumes the cook moves on 1 minute after each step that waits for "
        + "them; an activity is replaced 10 minutes before its 8-hour limit.",
      arguments: [.recipe]
    ) { args in
      .plan(
        recipe: try args.required("RECIPE", joinRest: true), start: args.take(\.start, "--start"))
    },
    CommandSpec(
      word: "import", usage: "import FILE|URL [--name NAME] [--force]",
      summary: "a web page's schema.org Recipe as a .cook file in the recipes folder",
      detail:
        "Reads the page's JSON-LD Recipe (a saved HTML file or a URL) and writes a readable "
        + ".cook file: metadata as front matter, ingredients marked, times as timers. Never "
        + "replaces a file (exit 73) unless --force; a page without a Recipe exits 65."
    ) { args in
      .importRecipe(
        source: try args.required("FILE or URL", joinRest: true),
        name: args.take(\.name, "--name"), force: args.take(\.force, "--force"))
    },
    CommandSpec(
      word: "outbox", usage: "outbox [--limit N] [--after ID] [--mark-sent ID,ID]",
      summary: "pending Live Activity pushes as JSON lines",
      detail:
        "Each state change queues its push in the same transaction; `send` delivers them, or "
        + "mark them sent once delivered. At most 1000 (--limit) after --after ID; stderr says "
        + "how many more wait."
    ) { args in
      .outbox(
        markSent: args.take(\.markSent, "--mark-sent"),
        page: OutboxPage(limit: args.take(\.limit, "--limit"), after: args.take(\.after, "--after"))
      )
    },
    CommandSpec(
      word: "token", aliases: ["tokens"], usage: "token add|list|remove …",
      summary: "the phone's push tokens, for send",
      detail:
        "token add push-to-start HEX [--device NAME] [--sandbox]; token add activity RUN HEX "
        + "[--activity N] (default: the run's newest activity) [--device NAME] (replaces only "
        + "that device's earlier token) [--sandbox] [--app-started]; "
        + "token add device HEX [--device NAME] [--sandbox]; token list; "
        + "token remove HEX. A bad token exits 64.",
      arguments: [.none]
    ) { args in try args.deliveryCommand("token") },
    CommandSpec(
      word: "send", usage: "send [--once]", summary: "deliver the pushes to APNs at their moments",
      detail:
        "Needs --apns-key FILE.p8, --apns-key-id ID, --apns-team-id ID and a topic (or "
        + "COOKTIMER_APNS_KEY, _KEY_ID, _TEAM_ID, COOKTIMER_TOPIC); --apns-url URL and --apns-ca "
        + "FILE for a test server. Missing settings exit 78. Runs until SIGTERM or Ctrl-C, "
        + "waiting up to 30 s at start for a PostgreSQL it cannot reach (not with --once)."
    ) { args in try args.deliveryCommand("send") },
    CommandSpec(
      word: "deliveries", usage: "deliveries",
      summary: "every attempt to send a push, with APNs' answer"
    ) { args in try args.deliveryCommand("deliveries") },
    CommandSpec(
      word: "migrate", usage: "migrate --to postgresql://…",
      summary: "copy this SQLite database into an empty PostgreSQL one",
      detail:
        "Runs, their logs, the outbox, tokens, API keys, idempotency keys and settings, in one "
        + "transaction; a target that holds any row is refused and left as it was "
        + "(docs/deploy.md)."
    ) { args in
      guard let url = args.take(\.to, "--to") else {
        throw CLIError.usage("`migrate` needs --to postgresql://…")
      }
      try args.expectEnd()
      return .migrate(to: url)
    },
    CommandSpec(
      word: "serve",
      usage: "serve [--listen 127.0.0.1:8417] [--no-send] [--tls] [--trusted-proxy A]",
      summary: "the HTTP API a timer app talks to (docs/api.md)",
      detail:
        "Shares the database with the REPL and delivers the pushes (the send options apply) "
        + "unless --no-send. With no API key it listens on loopback only. --tls answers HTTPS "
        + "with a certificate made once beside the database; --tls-cert FILE --tls-key FILE "
        + "with your own. Prints a pairing link for screens when keys are required, unless "
        + "behind a proxy: --trusted-proxy ADDR[/BITS] (repeatable) names one (its "
        + "X-Forwarded-For is believed), --public-url URL the address pairing links name. "
        + "Runs until SIGTERM."
    ) { args in
      let send = args.options.delivery.send
      args.options.delivery.send = SendOptions()
      let selfSigned = args.take(\.tls, "--tls")
      let certificate = args.take(\.tlsCertificate, "--tls-cert")
      let key = args.take(\.tlsKey, "--tls-key")
      let tls: ServeTLSChoice
      switch (selfSigned, certificate, key) {
      case (false, nil, nil): tls = .none
      case (true, nil, nil): tls = .selfSigned
      case (false, let certificate?, let key?): tls = .files(certificate: certificate, key: key)
      default:
        throw CLIError.usage("give --tls, or --tls-cert FILE and --tls-key FILE together")
      }
      return .serve(
        listen: args.take(\.listen, "--listen"), send: !args.take(\.noSend, "--no-send"),
        sendOptions: send, tls: tls, proxy: args.takeProxy())
    },
    CommandSpec(
      word: "apikey", usage: "apikey create [--name N] | apikey list | apikey revoke NAME",
      summary: "bearer keys for serve; a key is printed once, only its hash is kept"
    ) { args in .apikey(try args.apiKeyCommand()) },
    CommandSpec(
      word: "help", aliases: ["?"], usage: "help [COMMAND]", summary: "this list, or one command",
      arguments: [.command, .none]
    ) { args in .help(topic: args.optional()) },
    CommandSpec(
      word: "version", usage: "version", summary: "the program's version (also --version)"
    ) { _ in .version },
    CommandSpec(
      word: "ok", usage: "ok [RUN]",
      summary:
        "stop the ringing alarm (at the prompt any key does too); stored for every front end",
      arguments: [.run], atPrompt: .acknowledge
    ) { args in .ok(run: args.optional()) },
    CommandSpec(
      word: "quit", aliases: ["exit"], usage: "quit",
      summary: "leave the REPL (also Ctrl-D); timers keep running", atPrompt: .leave
    ) { _ in .quit },
  ]
}
