import CooktimerCore
import CooktimerService

extension Session {
  /// Runs `command`, named `word` on the command line.
  func execute(_ command: Command, word: String, _ context: CommandContext) throws -> Output {
    switch command {
    case .recipes: return try context.listRecipes()
    case .show(let name): return try context.show(name)
    case .start(let name, let autoAdvance, let proseTimers):
      return try context.start(name, autoAdvance: autoAdvance, proseTimers: proseTimers)
    case .status(let run): return try context.status(run)
    case .pause(let run): return try context.changeCommand(run, .pause)
    case .resume(let run): return try context.changeCommand(run, .resume)
    case .next(let run): return try context.changeCommand(run, .next)
    case .add(let ms, let timer?, let run):
      return try context.changeCommand(run, .add(milliseconds: ms, timer: TimerReference(timer)))
    case .add(let ms, nil, let run):
      return try context.addTime(ms, runOrTimer: run)
    case .stop(let run): return try context.changeCommand(run, .stop)
    case .restart(let run): return try context.changeCommand(run, .restart)
    case .skip(let timer, let run):
      return try context.changeCommand(run, .skip(TimerReference(timer)))
    case .cancel(let timer, let run):
      return try context.changeCommand(run, .cancel(TimerReference(timer)))
    case .begin(let timer, let ms, let until, let run):
      if ms == nil && until == nil { try context.refuseDurationTakenForRun(run) }
      // A time the clocks skip is refused as such, before any run is looked up.
      if let until {
        _ = try DurationText.clockTime(until, after: context.now, timeZone: context.zone)
      }
      let length: TimerLength? = until.map { .until($0) } ?? ms.map { .duration($0) }
      do {
        return try context.changeCommand(run, .begin(TimerReference(timer), length: length))
      } catch ServiceError.noSuchTimer(let id, _) where (try? DurationText.parse(timer)) != nil {
        // A duration where the timer goes: `begin 5m`, the timer left out.
        throw CLIError.usage(
          "`begin` takes the timer first: begin TIMER \(timer) (`status \(id)` numbers them)")
      }
    case .timeline(let run): return try context.timeline(run)
    case .content(let run): return try context.content(run)
    case .payload(let event, let run, let dismissal, let priority):
      return try context.payload(event, run, dismissal: dismissal, priority: priority)
    case .contract(let api, let attributesType):
      return context.contract(api: api, attributesType: attributesType)
    case .strings(let locale): return try context.strings(locale: locale)
    case .plan(let name, let start): return try context.plan(name, start: start)
    case .importRecipe(let source, let name, let force):
      return try context.importRecipe(source, name: name, force: force)
    case .outbox(let ids, let page): return try context.outbox(markSent: ids, page: page)
    case .token(let command): return try context.token(command)
    case .send(let options): return try context.send(options)
    case .deliveries: return try context.deliveries()
    case .help(let topic):
      return help(topic, json: context.json, width: context.textWidth ?? 80)
    case .version:
      if context.json {
        return Output(stdout: encodeJSON(["version": CooktimerVersion.number]) + "\n")
      }
      return Output(stdout: "cooktimer \(CooktimerVersion.number)\n")
    case .serve(let listen, let send, let options, let tls, let proxy):
      return try context.serve(
        listen: listen, send: send, sendOptions: options, tls: tls, proxy: proxy)
    case .apikey(let command): return try context.apikey(command)
    case .migrate(let url): return try context.migrate(to: url)
    case .ok(let run):
      let (id, at) = try context.service().acknowledgeAlarms(of: run, at: context.now)
      if context.json {
        return Output(stdout: encodeJSON(["id": id, "acknowledgedAt": at.description]) + "\n")
      }
      return Output(
        stdout: "\(id): alarms up to \(clockTime(at, in: context.zone)) acknowledged\n")
    case .watch, .quit:
      return Output(
        stderr: ["cooktimer: `\(word)` works at the REPL prompt"], status: ExitStatus.usage)
    }
  }
}
