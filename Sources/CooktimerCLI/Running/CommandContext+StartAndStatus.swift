import CooktimerCore
import CooktimerService

extension CommandContext {
  func start(_ name: String, autoAdvance: Bool, proseTimers: Bool = false) throws -> Output {
    var recipe = try loadRecipe(name)
    try recipe.recipe.requireSteps(file: recipe.path)
    if proseTimers {
      recipe.recipe = SuggestedTimers.adding(to: recipe.recipe, from: recipe.document)
    }
    let now = self.now
    let run = try service().start(recipe.recipe, autoAdvance: autoAdvance, at: now)
    if json { return Output(stdout: encodeJSON(RunDocument(run, at: now)) + "\n") }
    var text = "Started \(run.id): \(TerminalText.line(run.recipe.title))"
    if autoAdvance { text += " (auto-advance)" }
    text += "\n" + statusText(run.settled(at: now), zone: zone, width: textWidth) + "\n"
    return Output(stdout: text, stderr: recipe.warnings)
  }

  func status(_ given: String?) throws -> Output {
    let now = self.now
    let runs: [SettledRun]
    do {
      let service = try service()
      runs =
        given == nil
        ? try service.settledActiveRuns(at: now) : [try service.settledRun(given, at: now)]
    } catch CLIError.noDatabase(let path) where given == nil {
      // No database yet is no runs, not an error: but say where we looked, and that a
      // setting given has nowhere to be kept (a mistyped --db must not make a file).
      let notes = ["cooktimer: " + CLIError.noDatabaseText(path)] + notKeptNotes()
      if json { return Output(stdout: encodeJSON(StatusDocument(runs: [])) + "\n", stderr: notes) }
      return Output(stdout: "No active runs. Start one with `start RECIPE`.\n", stderr: notes)
    }
    if json {
      return Output(
        stdout: encodeJSON(StatusDocument(runs)) + "\n")
    }
    if runs.isEmpty { return Output(stdout: "No active runs. Start one with `start RECIPE`.\n") }
    return Output(
      stdout: runs.map {
        statusText($0, zone: zone, width: textWidth)
      }.joined(
        separator: "\n\n") + "\n")
  }
}

extension CommandContext {
  /// `--topic` and `--alerts` given to a command that found no database: they are kept
  /// only in a database (docs/cli.md §1.5), so say they were not, rather than drop them
  /// unsaid (a tester's `--topic X status` before the first `start`).
  func notKeptNotes() -> [String] {
    var given: [String] = []
    if let topic = options.topic { given.append("--topic \(topic)") }
    if let alerts = options.alerts { given.append("--alerts \(alerts.rawValue)") }
    guard !given.isEmpty else { return [] }
    return [
      "cooktimer: \(given.joined(separator: " and ")) not kept: there is no database yet to "
        + "keep \(given.count == 1 ? "it" : "them") in; give \(given.count == 1 ? "it" : "them") "
        + "to `start`, which makes one"
    ]
  }
}
