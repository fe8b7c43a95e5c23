import CooktimerCore
import CooktimerService

extension CommandContext {
  func start(_ name: String, autoAdvance: Bool, proseTimers: Bool = false) throws -> Output {
    var recipe = try loadRecipe(name)
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
      // No database yet is no runs, not an error: but say where we looked.
      let note = "cooktimer: " + CLIError.noDatabaseText(path)
      if json { return Output(stdout: encodeJSON(StatusDocument(runs: [])) + "\n", stderr: [note]) }
      return Output(stdout: "No active runs. Start one with `start RECIPE`.\n", stderr: [note])
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
