import CooktimerCore
import CooktimerStore

extension Session {
  func execute(_ command: Command, _ context: CommandContext) throws -> Output {
    switch command {
    case .recipes: return try context.listRecipes()
    case .show(let name): return try context.show(name)
    case .start(let name, let autoAdvance, let proseTimers):
      return try context.start(name, autoAdvance: autoAdvance, proseTimers: proseTimers)
    case .status(let run): return try context.status(run)
    case .pause(let run):
      return try context.changeCommand(run, verb: "paused") { try $0.pause(at: $1) }
    case .resume(let run):
      return try context.changeCommand(run, verb: "resumed") { try $0.resume(at: $1) }
    case .next(let run):
      return try context.changeCommand(run, verb: "moved on") { try $0.next(at: $1) }
    case .add(let ms, let run):
      return try context.changeCommand(run, verb: "added time") { try $0.add(ms, at: $1) }
    case .stop(let run):
      return try context.changeCommand(run, verb: "stopped") { try $0.stop(at: $1) }
    case .restart(let run):
      return try context.changeCommand(run, verb: "restarted") { try $0.restartStep(at: $1) }
    case .skip(let timer, let run):
      return try context.changeCommand(run, verb: "skipped a timer") { run, now in
        try run.skipTimer(try context.timerIndex(timer, in: run), at: now)
      }
    case .cancel(let timer, let run):
      return try context.changeCommand(run, verb: "cancelled a timer") { run, now in
        try run.cancelTimer(try context.timerIndex(timer, in: run), at: now)
      }
    case .begin(let timer, let ms, let until, let run):
      var end: Instant?
      var output = try context.changeCommand(run, verb: "started a timer") { run, now in
        var length = ms
        if let until {
          end = try DurationText.clockTime(until, after: now, timeZone: context.zone)
          length = end! - now
        }
        return try run.startTimer(try context.timerIndex(timer, in: run), duration: length, at: now)
      }
      if let end, let note = repeatedClockTimeNote(end, zone: context.zone), !context.json {
        output.stdout += "  \(note)\n"
      }
      return output
    case .timeline(let run): return try context.timeline(run)
    case .content(let run): return try context.content(run)
    case .payload(let event, let run, let dismissal, let priority):
      return try context.payload(event, run, dismissal: dismissal, priority: priority)
    case .contract: return context.contract()
    case .plan(let name, let start): return try context.plan(name, start: start)
    case .importRecipe(let source, let name, let force):
      return try context.importRecipe(source, name: name, force: force)
    case .outbox(let ids): return try context.outbox(markSent: ids)
    case .help(let topic): return help(topic, json: context.json)
    case .watch, .quit:
      return Output(
        stderr: ["cooktimer: `\(command)` works at the REPL prompt"], status: ExitStatus.usage)
    }
  }
}

extension CommandContext {
  func start(_ name: String, autoAdvance: Bool, proseTimers: Bool = false) throws -> Output {
    var recipe = try loadRecipe(name)
    if proseTimers {
      recipe.recipe = SuggestedTimers.adding(to: recipe.recipe, from: recipe.document)
    }
    let now = self.now
    let store = try store()
    let run = try store.transaction { tx in
      let id = try tx.newRunID()
      let (run, events) = try Run.start(
        id: id, recipe: recipe.recipe, autoAdvance: autoAdvance, at: now)
      try tx.insert(run, events: events, nextDue: run.nextDue)
      for draft in try pushDrafts(for: run, events: events, at: now, tx: tx) {
        try tx.enqueue(draft, runID: id)
      }
      return run
    }
    if json { return Output(stdout: encodeJSON(RunJSON(run, at: now)) + "\n") }
    var text = "Started \(run.id): \(run.recipe.title)"
    if autoAdvance { text += " (auto-advance)" }
    text += "\n" + statusText(run, at: now, zone: zone) + "\n"
    return Output(stdout: text, stderr: recipe.warnings)
  }

  func status(_ given: String?) throws -> Output {
    let now = self.now
    let store = try store()
    var runs: [Run]
    if let given {
      runs = [try run(given)]
    } else {
      runs = try store.activeRuns()
    }
    runs = runs.map { $0.settled(at: max(now, $0.lastChange)).run }
    if given == nil { runs = runs.filter(\.isActive) }
    if json {
      return Output(
        stdout: encodeJSON(StatusJSON(runs: runs.map { RunJSON($0, at: max(now, $0.lastChange)) }))
          + "\n")
    }
    if runs.isEmpty { return Output(stdout: "No active runs. Start one with `start RECIPE`.\n") }
    return Output(
      stdout: runs.map { statusText($0, at: max(now, $0.lastChange), zone: zone) }.joined(
        separator: "\n\n") + "\n")
  }
}
